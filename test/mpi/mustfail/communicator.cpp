// A communicator other than MPI_COMM_WORLD or MPI_COMM_SELF.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  double y = 0;
  MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_NULL); // TANGENT-ERROR: the communicator 'MPI_COMM_NULL' is not supported
  return y;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
