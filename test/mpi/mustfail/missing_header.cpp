// MPI calls need the adjoinable MPI layer's header.
#include <mpi.h>
#include <tangent/tangent.hpp>
double f(double x) {
  double y = 0;
  MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); // TANGENT-ERROR: #include <tangent/mpi.hpp>
  return y;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
