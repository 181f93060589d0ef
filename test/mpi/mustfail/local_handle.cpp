// A local MPI handle other than a request.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  MPI_Comm comm = MPI_COMM_WORLD; // TANGENT-ERROR: is not supported
  (void)comm;
  return x * x;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
