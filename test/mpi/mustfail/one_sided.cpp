// One-sided communication: refused at the call.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  MPI_Win win = MPI_WIN_NULL;
  double y = x;
  MPI_Put(&y, 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, win); // TANGENT-ERROR: one-sided communication has no matching call
  return y;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
