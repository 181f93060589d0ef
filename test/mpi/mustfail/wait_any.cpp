// An MPI function tangent does not differentiate (MPI_Waitany: which
// request completes first changes from run to run).
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  MPI_Request r[2];
  int which = 0;
  MPI_Isend(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Isend(&x, 1, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &r[1]);
  MPI_Waitany(2, r, &which, MPI_STATUS_IGNORE); // TANGENT-ERROR: 'MPI_Waitany' is not supported: tangent differentiates
  return x;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
