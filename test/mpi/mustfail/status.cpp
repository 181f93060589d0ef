// A status other than MPI_STATUS_IGNORE.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  double y = x;
  MPI_Recv(&y, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUSES_IGNORE); // TANGENT-ERROR: pass MPI_STATUS_IGNORE
  return y * x;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
