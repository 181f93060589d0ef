//===- benchmarks/workloads/mpi_scaling.cpp - MPI strong scaling ----------===//
///
/// \file
/// Strong scaling of the gradient of an MPI program: a 1D heat equation on
/// N = 200000 cells (T = 100 steps, a cubic reaction term) split over the
/// ranks, halo exchanges by MPI_Sendrecv, the loss by MPI_Allreduce,
/// differentiated by tangent::grad. Run it under mpirun with 1, 2, 4...
/// ranks (mpi_scaling.sh does, and prints the table); rank 0 prints one
/// line: ranks, primal and gradient medians, and the peak bytes of one
/// rank's tapes, fully taped and with sqrt(n) checkpointing.
///
///   build/bin/tangent-clang++ -O2 -DNDEBUG $(mpicxx --showme:compile) \
///       benchmarks/workloads/mpi_scaling.cpp $(mpicxx --showme:link) \
///       -o mpi_scaling
///   mpirun -np 2 ./mpi_scaling [--rounds R]
//===----------------------------------------------------------------------===//
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

constexpr int cells = 200000;
constexpr int steps = 100;

double heat(const std::vector<double> &u0, double k) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int n = static_cast<int>(u0.size());
  std::vector<double> u(n + 2, 0.0), next(n + 2, 0.0);
  for (int i = 0; i < n; ++i)
    u[i + 1] = u0[i];
  const int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  for (int t = 0; t < steps; ++t) {
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[n + 1], 1, MPI_DOUBLE, right,
                 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 1; i <= n; ++i)
      next[i] = u[i] + k * (u[i - 1] - 2 * u[i] + u[i + 1]);
    for (int i = 1; i <= n; ++i)
      u[i] = next[i] - 0.05 * next[i] * next[i] * next[i];
  }
  double local = 0;
  for (int i = 1; i <= n; ++i)
    local += u[i] * u[i];
  double global = 0;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double loss = 0;
  if (rank == 0)
    loss = global;
  return loss;
}

namespace {
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
template <class F> double timed(F &&f) {
  MPI_Barrier(MPI_COMM_WORLD);
  const auto t0 = std::chrono::steady_clock::now();
  f();
  MPI_Barrier(MPI_COMM_WORLD);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
      .count();
}
} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int rounds = 5;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--rounds") == 0)
      rounds = std::atoi(argv[i + 1]);
  const int n = cells / size, first = rank * n;
  std::vector<double> u0(n);
  for (int i = 0; i < n; ++i)
    u0[i] = 0.6 * std::sin(0.001 * (first + i)) + 0.2;
  volatile double sink = 0;
  std::vector<double> primal, gradient, checkpointed;
  std::size_t peak = 0, peak_ckpt = 0;
  for (int r = 0; r < rounds; ++r) {
    primal.push_back(timed([&] { sink = heat(u0, 0.2); }));
    tangent::stats::reset();
    gradient.push_back(
        timed([&] { sink = std::get<0>(tangent::grad<heat>()(u0, 0.2))[0]; }));
    peak = tangent::stats::peak_bytes();
    tangent::stats::reset();
    checkpointed.push_back(timed([&] {
      sink = std::get<0>(
          tangent::grad<heat, tangent::options{.checkpoint = true}>()(u0,
                                                                      0.2))[0];
    }));
    peak_ckpt = tangent::stats::peak_bytes();
  }
  if (rank == 0)
    std::printf("| %d | %.1f ms | %.1f ms | %.1f ms | %.2f MB | %.2f MB |\n",
                size, 1e3 * median(primal), 1e3 * median(gradient),
                1e3 * median(checkpointed), peak / 1e6, peak_ckpt / 1e6);
  MPI_Finalize();
  return 0;
}
