//===- benchmarks/workloads/openmp_table.cpp - OpenMP speed-ups -----------===//
///
/// \file
/// The gradient of parallel loops (`#pragma omp parallel for`) with 1 and 2
/// threads, in one process, in interleaved rounds (medians):
///
///  - W1 (N = 1000, T = 2000) with its loop over j parallel: records in one
///    block, every adjoint update at [j]; its gradient must be bitwise the
///    sequential W1's; and the same with N = 10000, where a step's work
///    outweighs the cost of starting and joining its parallel regions;
///  - a recurrence h <- tanh(W h + x) (H = 256, 200 steps, W as rows), the
///    loop over rows parallel: one tape per thread (the row's inner loop),
///    the adjoint of h (which every row reads) privatised per thread, rows
///    of W's adjoint updated in place; checked against the sequential
///    gradient to 1e-12.
///
///   build/bin/tangent-clang++ -O2 -DNDEBUG -fopenmp \
///       benchmarks/workloads/openmp_table.cpp -o openmp_table
///   ./openmp_table [--rounds R]
///
/// (CMake target `openmp_table`.) Times are per call; the speed-up is the
/// one-thread median over the two-thread median.
//===----------------------------------------------------------------------===//
#include "inputs.hpp"
#include "workloads.hpp"

#include <tangent/tangent.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <omp.h>
#include <vector>

/// W1 with the loop over j parallel.
double w1_openmp(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  for (int t = 0; t < 2000; ++t) {
#pragma omp parallel for
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(s[j] * 1.01 + x[j]);
  }
  double r = 0;
  for (std::size_t j = 0; j < x.size(); ++j)
    r += s[j];
  return r;
}

/// h <- tanh(W h + x), 200 steps, loss sum h^2; rows in parallel.
#define RECURRENCE(PRAGMA)                                                     \
  {                                                                            \
    const std::size_t n = x.size();                                            \
    std::vector<double> h(n, 0.0), next(n, 0.0);                               \
    for (int t = 0; t < 200; ++t) {                                            \
      PRAGMA                                                                   \
      for (std::size_t i = 0; i < n; ++i) {                                    \
        double acc = x[i];                                                     \
        for (std::size_t k = 0; k < n; ++k)                                    \
          acc += w[i][k] * h[k];                                               \
        next[i] = std::tanh(acc);                                              \
      }                                                                        \
      for (std::size_t i = 0; i < n; ++i)                                      \
        h[i] = next[i];                                                        \
    }                                                                          \
    double r = 0;                                                              \
    for (double v : h)                                                         \
      r += v * v;                                                              \
    return r;                                                                  \
  }
using Matrix = std::vector<std::vector<double>>;
double recurrence(const Matrix &w, const std::vector<double> &x)
    RECURRENCE() double recurrence_openmp(const Matrix &w,
                                          const std::vector<double> &x)
        RECURRENCE(_Pragma("omp parallel for"))

            namespace {

  double seconds(const std::function<void()> &f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
        .count();
  }

  double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  }

  struct Row {
    const char *name;
    std::function<void()> primal, gradient;
  };

} // namespace

int main(int argc, char **argv) {
  int rounds = 7;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--rounds") == 0)
      rounds = std::atoi(argv[i + 1]);
  const std::vector<double> x = workload_inputs::w1_x();
  // W1's shape with 10 times the work per step (per-step parallel regions
  // cost the same, so their share falls).
  const std::vector<double> x10 =
      workload_inputs::uniform_vector(10000, -1.0, 1.0, 1);
  const std::size_t n = 256;
  Matrix w(n, std::vector<double>(n));
  std::vector<double> xr(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < n; ++k)
      w[i][k] = 0.9 / std::sqrt(double(n)) * std::sin(0.37 * double(i * n + k));
  for (std::size_t i = 0; i < n; ++i)
    xr[i] = 0.3 * std::cos(0.11 * double(i));

  // The gradients first: parallel against sequential.
  omp_set_num_threads(2);
  const auto g1 = tangent::grad<w1_openmp>()(x);
  const bool w1_same = g1 == tangent::grad<w1_rollout>()(x);
  const auto [gw, gx] = tangent::grad<recurrence_openmp>()(w, xr);
  const auto [sw, sx] = tangent::grad<recurrence>()(w, xr);
  double err = 0, scale = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < n; ++k) {
      err = std::max(err, std::abs(gw[i][k] - sw[i][k]));
      scale = std::max(scale, std::abs(sw[i][k]));
    }
  for (std::size_t i = 0; i < n; ++i) {
    err = std::max(err, std::abs(gx[i] - sx[i]));
    scale = std::max(scale, std::abs(sx[i]));
  }
  const bool rec_close = err <= 1e-12 * scale;

  volatile double sink = 0;
  std::vector<Row> rows = {
      {"W1, loop over j parallel", [&] { sink = w1_openmp(x); },
       [&] { sink = tangent::grad<w1_openmp>()(x)[0]; }},
      {"W1 with N = 10000", [&] { sink = w1_openmp(x10); },
       [&] { sink = tangent::grad<w1_openmp>()(x10)[0]; }},
      {"recurrence 256, rows parallel",
       [&] { sink = recurrence_openmp(w, xr); },
       [&] {
         sink = std::get<1>(tangent::grad<recurrence_openmp>()(w, xr))[0];
       }},
  };
  std::printf("%d rounds, medians; %d cores available\n", rounds,
              omp_get_num_procs());
  std::printf("| workload | primal 1 thread | primal 2 threads | speed-up | "
              "gradient 1 thread | gradient 2 threads | speed-up |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  for (const Row &r : rows) {
    std::vector<double> p1, p2, g1t, g2t;
    for (int k = 0; k < rounds; ++k) {
      omp_set_num_threads(1);
      p1.push_back(seconds(r.primal));
      g1t.push_back(seconds(r.gradient));
      omp_set_num_threads(2);
      p2.push_back(seconds(r.primal));
      g2t.push_back(seconds(r.gradient));
    }
    std::printf(
        "| %s | %.2f ms | %.2f ms | %.2fx | %.2f ms | %.2f ms | %.2fx |\n",
        r.name, 1e3 * median(p1), 1e3 * median(p2), median(p1) / median(p2),
        1e3 * median(g1t), 1e3 * median(g2t), median(g1t) / median(g2t));
  }
  std::printf("W1 gradient with 2 threads bitwise the sequential W1's: %s\n",
              w1_same ? "yes" : "NO");
  std::printf("recurrence gradient with 2 threads against sequential: "
              "max difference %.2e of %.2e (%s)\n",
              err, scale, rec_close ? "within 1e-12" : "NOT within 1e-12");
  return w1_same && rec_close ? 0 : 1;
}
