// MPI_Reduce with MPI_MAX: only MPI_SUM.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  double y = 0;
  MPI_Reduce(&x, &y, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD); // TANGENT-ERROR: only MPI_SUM is differentiated
  return y;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
