// Non-blocking communication in a differentiated function: not yet.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  MPI_Request r;
  MPI_Isend(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &r); // TANGENT-ERROR: 'MPI_Isend' is not supported in differentiated functions yet
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  return x;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
