// An MPI_Irecv into a local of a called function.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
#include <vector>
double exchange(double x) {
  std::vector<double> halo(1, 0.0);
  MPI_Request r[2];
  MPI_Irecv(halo.data(), 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &r[0]); // TANGENT-ERROR: the buffer of an MPI_Irecv in a called function must be one of its parameters
  MPI_Isend(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  return halo[0] * x;
}
double f(double x) { return exchange(x) + x; }
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
