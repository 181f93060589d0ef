//===- benchmarks/workloads/inputs.hpp - deterministic workload inputs ----===//
///
/// \file
/// The inputs every benchmark and every comparison with other AD tools feeds
/// to the workloads of workloads.hpp, so that figures line up. Generated from
/// a fixed seed with splitmix64: identical on every machine and compiler.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_BENCHMARKS_WORKLOADS_INPUTS_HPP
#define TANGENT_BENCHMARKS_WORKLOADS_INPUTS_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

namespace workload_inputs {

/// splitmix64: a tiny, good-enough deterministic generator.
class generator {
public:
  explicit generator(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi).
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * (static_cast<double>(next() >> 11) * 0x1.0p-53);
  }

private:
  std::uint64_t state_;
};

/// `n` values uniform in [lo, hi) from `seed`.
inline std::vector<double> uniform_vector(std::size_t n, double lo, double hi,
                                          std::uint64_t seed) {
  generator g(seed);
  std::vector<double> v(n);
  for (double &e : v)
    e = g.uniform(lo, hi);
  return v;
}

/// W1: x, N = 1000, uniform in [-1, 1).
inline std::vector<double> w1_x() { return uniform_vector(1000, -1.0, 1.0, 1); }

/// W2: u0, N = 100: the forcing F = 8 plus a perturbation in [-0.01, 0.01).
inline std::vector<double> w2_u0() {
  std::vector<double> u = uniform_vector(100, -0.01, 0.01, 2);
  for (double &e : u)
    e += 8.0;
  return u;
}

/// W3: x, N = 1000, uniform in [-1, 1).
inline std::vector<double> w3_x() { return uniform_vector(1000, -1.0, 1.0, 3); }

/// W4: RNN parameters. W (64 x 64, row-major) in [-0.2, 0.2) (spectral
/// radius about 0.9), U (64 x 16, row-major) in [-0.3, 0.3), b in [-0.1, 0.1).
struct rnn_parameters {
  std::vector<double> W, U, b;
};
inline rnn_parameters w4_parameters() {
  return {uniform_vector(64 * 64, -0.2, 0.2, 41),
          uniform_vector(64 * 16, -0.3, 0.3, 42),
          uniform_vector(64, -0.1, 0.1, 43)};
}

} // namespace workload_inputs

#endif // TANGENT_BENCHMARKS_WORKLOADS_INPUTS_HPP
