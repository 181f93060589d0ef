// Forward mode through an MPI call.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  double y = 0;
  MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); // TANGENT-ERROR: forward mode (jvp, hvp) does not differentiate MPI calls yet
  return y;
}
int main() { return tangent::jvp<f>()(1.0, 1.0) > 0 ? 0 : 1; }
