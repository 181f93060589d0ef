// MPI_IN_PLACE: refused at the buffer.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  double y = x;
  MPI_Allreduce(MPI_IN_PLACE, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); // TANGENT-ERROR: MPI_IN_PLACE is not supported
  return y;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
