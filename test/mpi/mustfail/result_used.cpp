// An MPI call whose error code is used.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  double y = 0;
  int err = MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); // TANGENT-ERROR: the result of 'MPI_Allreduce' is used
  return err == 0 ? y : 0.0;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
