//===- benchmarks/workloads/forward_table.cpp - forward and second order --===//
///
/// \file
/// Prints the cost of forward mode and second order on the workloads, as
/// ratios measured in one process: the configurations of a row run
/// interleaved, round after round, and each time is the median over the
/// rounds (a noisy shared machine hits them alike).
///
///   W1 jvp / primal     tangent::jvp<w1_rollout> (one direction)
///   W2 jvp / primal     tangent::jvp<w2_lorenz96<5000>>
///   W1 hvp / gradient   tangent::hvp<w1_rollout> (reverse over forward)
///   Jacobian (100 outputs, 20 inputs): tangent::jacobian (20 forward
///     sweeps) against 100 calls of tangent::grad of one output each
///
/// Build with the plugin: build/bin/tangent-clang++ -O2 -DNDEBUG
/// benchmarks/workloads/forward_table.cpp -o forward_table (CMake target
/// `forward_table`). Usage: forward_table [--rounds N]
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
#include <string>
#include <vector>

namespace {

using vector = std::vector<double>;

/// A layer of 100 outputs of 20 inputs: y_i = tanh(sum_j a_ij x_j) + x_(i
/// mod 20)^2, with a_ij = sin(i + 2 j).
vector dense_layer(const vector &x) {
  vector y(100);
  for (std::size_t i = 0; i < 100; ++i) {
    double z = 0;
    for (std::size_t j = 0; j < x.size(); ++j)
      z += std::sin(double(i + 2 * j)) * x[j];
    y[i] = std::tanh(z) + x[i % x.size()] * x[i % x.size()];
  }
  return y;
}

double layer_output(const vector &x, int i) {
  vector y = dense_layer(x);
  return y[std::size_t(i)];
}

double seconds(const std::function<void()> &call) {
  auto start = std::chrono::steady_clock::now();
  call();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Times every configuration once per round, interleaved; returns medians.
std::vector<double> measure(const std::vector<std::function<void()>> &calls,
                            int rounds) {
  std::vector<std::vector<double>> times(calls.size());
  for (const auto &c : calls) // warm-up
    c();
  for (int r = 0; r < rounds; ++r)
    for (std::size_t k = 0; k < calls.size(); ++k)
      times[k].push_back(seconds(calls[k]));
  std::vector<double> out;
  for (const auto &t : times)
    out.push_back(median(t));
  return out;
}

volatile double sink;

} // namespace

int main(int argc, char **argv) {
  int rounds = 7;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc)
      rounds = std::max(1, std::atoi(argv[++i]));

  std::printf("forward mode and second order, medians of %d interleaved "
              "rounds\n\n",
              rounds);
  std::printf("| measure | ratio | times (ms) | target |\n");
  std::printf("|---|---|---|---|\n");

  {
    const vector x = workload_inputs::w1_x();
    vector v(x.size());
    for (std::size_t i = 0; i < v.size(); ++i)
      v[i] = std::sin(0.37 * double(i));
    auto jv = tangent::jvp<w1_rollout>();
    auto df = tangent::grad<w1_rollout>();
    auto hv = tangent::hvp<w1_rollout>();
    auto t = measure({[&] { sink = w1_rollout(x); }, [&] { sink = jv(x, v); },
                      [&] { sink = df(x)[0]; }, [&] { sink = hv(x, v)[0]; }},
                     rounds);
    std::printf("| W1 jvp / primal | %.2f | %.1f / %.1f | <= 1.5 |\n",
                t[1] / t[0], 1e3 * t[1], 1e3 * t[0]);
    std::printf("| W1 hvp / gradient | %.2f | %.1f / %.1f | <= 3 |\n",
                t[3] / t[2], 1e3 * t[3], 1e3 * t[2]);
  }
  {
    const vector u0 = workload_inputs::w2_u0();
    vector v(u0.size());
    for (std::size_t i = 0; i < v.size(); ++i)
      v[i] = std::cos(0.11 * double(i));
    auto jv = tangent::jvp<w2_lorenz96<5000>>();
    auto t = measure(
        {[&] { sink = w2_lorenz96<5000>(u0); }, [&] { sink = jv(u0, v); }},
        rounds);
    std::printf("| W2 jvp / primal | %.2f | %.1f / %.1f | <= 3 |\n",
                t[1] / t[0], 1e3 * t[1], 1e3 * t[0]);
  }
  {
    vector x(20);
    for (std::size_t j = 0; j < x.size(); ++j)
      x[j] = 0.05 * double(j) - 0.4;
    auto jac = tangent::jacobian<dense_layer>();
    auto df = tangent::grad<layer_output>();
    auto t = measure({[&] { sink = jac(x)[0][0]; },
                      [&] {
                        for (int i = 0; i < 100; ++i)
                          sink = df(x, i)[0];
                      }},
                     rounds);
    // The two agree (row by row, to rounding).
    auto rows = jac(x);
    double worst = 0;
    for (int i = 0; i < 100; ++i) {
      vector g = df(x, i);
      for (std::size_t j = 0; j < g.size(); ++j)
        worst = std::max(worst, std::fabs(g[j] - rows[std::size_t(i)][j]));
    }
    std::printf("| Jacobian 100x20 / 100 gradients | %.2f | %.3f / %.3f | "
                "< 1 |\n",
                t[0] / t[1], 1e3 * t[0], 1e3 * t[1]);
    std::printf("\nlargest difference between the Jacobian and the "
                "gradients: %.2g\n",
                worst);
  }
  return 0;
}
