// An MPI call inside an OpenMP parallel loop (compiled with -fopenmp: the
// files named openmp_*.cpp here are).
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
#pragma omp parallel for
  for (std::size_t j = 0; j < x.size(); ++j) // TANGENT-ERROR: an MPI call inside a parallel loop is not supported
    MPI_Allreduce(&x[j], &y[j], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
