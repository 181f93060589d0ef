// A wildcard receive: refused at the source.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  double y = x;
  MPI_Recv(&y, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // TANGENT-ERROR: a wildcard receive (MPI_ANY_SOURCE) is not supported
  return y * x;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
