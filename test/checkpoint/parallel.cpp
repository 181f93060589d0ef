// Checkpointing with parallel replay, `options{.threads = 2}` (runtime
// schedule/parallel.hpp): segments replayed by a helper thread while the
// calling thread reverses. Every function is requested fully taped and with
// threads; the gradients must be bitwise equal and match finite differences
// (twin.hpp), and, where the state is big enough to tell at the tape's 4 KiB
// granularity, the checkpointed run must hold fewer bytes.
//
// Covers: scalar state; a vector state with a callee in the body (the
// callee's tape is redirected to the replay tape) and a scratch vector
// written each iteration; the state in a struct's field; a parameter
// written by the loop; run-time trip counts 0..5, around segment
// boundaries and 10^5 under [[tangent::checkpoint]]; a checkpointed loop
// inside a fully taped outer loop (a new schedule per outer iteration);
// two checkpointed loops in a row; the W1 rollout against the sequential
// replay; and a second request of the same function with checkpoint = true
// only in the same translation unit. Also built with ThreadSanitizer
// (checkpoint-tsan.parallel).
#include "../../benchmarks/workloads/inputs.hpp"
#include "../../benchmarks/workloads/workloads.hpp"
#include "twin.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

using namespace ckpt_test;

constexpr options par{.checkpoint = true, .threads = 2};
constexpr options par_only{.threads = 2};

double scalar(double x) {
  double y = x;
  for (int i = 0; i < 300; ++i)
    y = 0.8 * y + 0.3 * std::sin(y + x * (1.0 + 0.001 * i));
  return y * y;
}

double mix(double a, double b) { return std::sin(a) * b; }

double with_callee(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  std::vector<double> tmp(x.size());
  double acc = 0;
  for (int t = 0; t < 200; ++t) {
    double scale = 1.0 + 0.001 * t;
    for (std::size_t j = 0; j < x.size(); ++j)
      tmp[j] = mix(s[j], scale) + x[j];
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(tmp[j]);
    acc += s[0] * s[x.size() - 1];
  }
  return acc;
}

struct Body {
  double pos, vel;
};

double oscillator(double k, double x0) {
  Body b{x0, 0.0};
  for (int i = 0; i < 400; ++i) {
    b.vel -= 0.01 * k * std::sin(b.pos);
    b.pos += 0.01 * b.vel;
  }
  return b.pos * b.pos + b.vel;
}

double written_parameter(double x, double c) {
  for (int i = 0; i < 150; ++i)
    x = std::cos(x) * c + 0.1 * i * 0.01;
  return x;
}

#define RUNTIME_BODY(CK)                                                       \
  {                                                                            \
    double y = x;                                                              \
    CK for (int i = 0; i < n; ++i) y = y + 0.05 * std::sin(y * x + i);         \
    return y;                                                                  \
  }
double runtime_taped(double x, int n)
    RUNTIME_BODY() double runtime_ckpt(double x, int n)
        RUNTIME_BODY([[tangent::checkpoint]])

#define OUTER_BODY(CK)                                                         \
  {                                                                            \
    double y = x;                                                              \
    for (int epoch = 0; epoch < 3; ++epoch) {                                  \
      CK for (int i = 0; i < n; ++i) y = std::tanh(y * 1.1 + x * epoch);       \
      y = y * 0.5 + x;                                                         \
    }                                                                          \
    return y;                                                                  \
  }
            double outer_taped(double x, int n)
                OUTER_BODY() double outer_ckpt(double x, int n)
                    OUTER_BODY([[tangent::checkpoint]])

                        double two_loops(const std::vector<double> &x) {
  std::vector<double> s = x;
  for (int t = 0; t < 480; ++t)
    for (std::size_t j = 0; j < s.size(); ++j)
      s[j] = std::sin(s[j]) + 0.5 * x[j];
  double p = 0;
  for (int t = 0; t < 130; ++t)
    p = p * 0.9 + s[t % s.size()] * std::cos(p);
  return p;
}

int main() {
  twin("scalar", expect::any, tangent::grad<scalar>(),
       tangent::grad<scalar, par>(), 0.7);
  twin("with_callee", expect::less, tangent::grad<with_callee>(),
       tangent::grad<with_callee, par>(), wave(12));
  twin("oscillator", expect::any, tangent::grad<oscillator>(),
       tangent::grad<oscillator, par>(), 2.0, 0.4);
  twin("written_parameter", expect::any, tangent::grad<written_parameter>(),
       tangent::grad<written_parameter, par>(), 0.3, 0.9);
  for (int n : {0, 1, 2, 3, 4, 5, 8, 9, 10, 17, 99, 100, 101})
    twin("runtime/n=" + std::to_string(n), expect::any,
         tangent::grad<runtime_taped>(),
         tangent::grad<runtime_ckpt, par_only>(), 0.4, n);
  twin_exact("runtime/n=100000", expect::less, tangent::grad<runtime_taped>(),
             tangent::grad<runtime_ckpt, par_only>(), 0.4, 100000);
  for (int n : {0, 1, 7, 50})
    twin("outer/n=" + std::to_string(n), expect::any,
         tangent::grad<outer_taped>(), tangent::grad<outer_ckpt, par_only>(),
         0.3, n);
  twin("two_loops", expect::less, tangent::grad<two_loops>(),
       tangent::grad<two_loops, par>(), wave(9));

  // W1 (N = 1000, T = 2000): parallel replay against the full tape and the
  // sequential replay of the same segments, and its memory.
  const std::vector<double> x = workload_inputs::w1_x();
  const auto full = tangent::grad<w1_rollout>()(x);
  const auto sequential =
      tangent::grad<w1_rollout, options{.checkpoint = true}>()(x);
  tangent::stats::reset();
  const auto parallel = tangent::grad<w1_rollout, par>()(x);
  const std::size_t peak = tangent::stats::peak_bytes();
  check_same("w1/parallel==taped", parallel, full);
  check_same("w1/parallel==sequential", parallel, sequential);
  // -DTANGENT_TEST_STRATEGIES: every strategy and budget against the full
  // tape (test/e2e/check_strategies.hpp); nothing otherwise.
  check_strategies("w1", tangent::grad<w1_rollout, par>(), x);
  // 44 snapshots and two segments' tapes of 45 steps, 8,000 bytes each.
  check_true("w1/peak", peak <= (44 + 2 * 45) * 8000 + 4 * 4096,
             "peak " + std::to_string(peak) + " bytes");
  return summary();
}
