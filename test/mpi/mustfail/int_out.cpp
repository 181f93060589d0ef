// MPI_Comm_rank into something other than a local int.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x, int *rank) {
  MPI_Comm_rank(MPI_COMM_WORLD, rank); // TANGENT-ERROR: pass the address of a local int variable
  return x * x;
}
int main() {
  int r = 0;
  return tangent::grad<f>()(1.0, &r) > 0 ? 0 : 1;
}
