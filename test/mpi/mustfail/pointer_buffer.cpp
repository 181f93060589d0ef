// A buffer of another shape (a pointer into a vector).
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
  MPI_Allreduce(x.data(), &y[0] + 1, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); // TANGENT-ERROR: an MPI buffer must be
  return y[1];
}
int main() { return tangent::grad<f>()(std::vector<double>(2, 1.0))[0] > 0 ? 0 : 1; }
