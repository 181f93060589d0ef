// Checkpointing: memory of the benchmark workloads (docs/benchmarks.md), as
// deterministic assertions on tangent::stats::peak_bytes().
//
//  - W1 rollout (benchmarks/workloads/workloads.hpp w1_rollout: N = 1000,
//    T = 2000): the full tape within 1% of 16,000,000 bytes (2000 x 1000
//    doubles: one tanh result per element and step), checkpointed
//    (checkpoint = true, sqrt(n) segments) at most 750,000 bytes; gradients
//    bitwise equal, and a few components against finite differences.
//  - W3 scaled (w3_iterations_ckpt: N = 1000, a while loop with an iteration
//    counter and a data-dependent exit, [[tangent::checkpoint(8)]]) for
//    10^3, 10^4 and 10^5 iterations: peak at most (2 * 8 + 10) loop-carried
//    states ({s, k}: N doubles and an int, measured with
//    tangent::state_bytes). Bitwise equal to the fully taped w3_iterations
//    for 10^3 and 10^4 iterations (the full tape of 10^5 iterations would take
//    about 1.6 GB). W3 itself (w3_fixed_point_ckpt, stopped by its
//    tolerance) bitwise equal to w3_fixed_point.
#include "../../benchmarks/workloads/inputs.hpp"
#include "../../benchmarks/workloads/workloads.hpp"
#include "twin.hpp"

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

using namespace ckpt_test;

namespace {

std::size_t peak_bytes_of(const auto &df, const auto &...args) {
  tangent::stats::reset();
  (void)df(args...);
  return tangent::stats::peak_bytes();
}

void w1() {
  const std::vector<double> x = workload_inputs::w1_x();
  auto taped = tangent::grad<w1_rollout>();
  auto ckpt = tangent::grad<w1_rollout, options{.checkpoint = true}>();

  const std::size_t full = peak_bytes_of(taped, x);
  const std::size_t cp = peak_bytes_of(ckpt, x);
  std::printf("W1: full tape %zu bytes, checkpointed %zu bytes (%.1fx)\n", full,
              cp, static_cast<double>(full) / static_cast<double>(cp));
  check_true("w1/full_tape_bytes~16e6",
             std::fabs(static_cast<double>(full) - 16.0e6) <= 0.01 * 16.0e6,
             "full tape peak " + std::to_string(full) +
                 " bytes, expected 16,000,000 +- 1%");
  check_true("w1/checkpointed_bytes<=750000", cp <= 750000,
             "checkpointed peak " + std::to_string(cp) +
                 " bytes, expected <= 750,000");

  const auto gt = taped(x);
  const auto gc = ckpt(x);
  check_same("w1/ckpt==taped", gc, gt);
  // -DTANGENT_TEST_STRATEGIES: every strategy and budget against the full
  // tape (test/e2e/check_strategies.hpp); nothing otherwise.
  check_strategies("w1", ckpt, x);
  const auto [vt, g1] = taped.value_and_grad(x);
  const auto [vc, g2] = ckpt.value_and_grad(x);
  check_true("w1/value", vt == vc && vc == w1_rollout(x));

  // Finite differences on a few components whose x_j is away from 0 (with
  // the factor 1.01 the fixed point bifurcates at x_j = 0).
  int checked = 0;
  for (std::size_t j = 0; j < x.size() && checked < 3; ++j) {
    if (std::fabs(x[j]) < 0.4)
      continue;
    auto phi = [&](double t) {
      std::vector<double> y(x);
      y[j] = t;
      return w1_rollout(y);
    };
    const double fd = tangent_test::detail::derivative<double>(
        phi, x[j], tangent_test::detail::scheme::reference);
    check_near("w1/ckpt~fd/component " + std::to_string(j), gc[j], fd);
    ++checked;
  }
}

void w3(int iterations, bool compare_with_full_tape) {
  const std::vector<double> x = workload_inputs::w3_x();
  const std::string name = "w3/iterations=" + std::to_string(iterations);
  auto ckpt = tangent::grad<w3_iterations_ckpt>();

  // The generated snapshot of the while loop holds {s, k} (see the comment
  // "snapshot {...}" in the code dumped with -fplugin-arg-tangent-dump-dir):
  // `next` is overwritten element by element before it is read in every
  // iteration, so it is not part of the state. One state is N doubles (and
  // an int); the bound is the issue's: (2 * budget + 10) states.
  const std::size_t n = x.size();
  const std::size_t state = tangent::state_bytes(
      std::tuple<std::vector<double>, int>(std::vector<double>(n), 0));
  const std::size_t s_only = tangent::state_bytes(std::vector<double>(n));
  const std::size_t bound = (2 * 8 + 10) * state;

  const std::size_t peak = peak_bytes_of(ckpt, x, iterations);
  std::printf("W3 %d iterations: peak %zu bytes = %.2f snapshot states of %zu "
              "bytes = %.2f states of s alone (%zu bytes); bound %zu\n",
              iterations, peak,
              static_cast<double>(peak) / static_cast<double>(state), state,
              static_cast<double>(peak) / static_cast<double>(s_only), s_only,
              bound);
  check_true(name + "/peak<=(2*8+10)*state", peak <= bound,
             "peak " + std::to_string(peak) + " bytes > " +
                 std::to_string(bound));

  const auto gc = ckpt(x, iterations);
  if (compare_with_full_tape) {
    auto taped = tangent::grad<w3_iterations>();
    const std::size_t full = peak_bytes_of(taped, x, iterations);
    std::printf("W3 %d iterations: full tape %zu bytes\n", iterations, full);
    check_same(name + "/ckpt==taped", gc, taped(x, iterations));
    if (iterations <= 1000)
      check_twin_strategies(name, taped, ckpt, x, iterations);
  }
  // The gradient converges with the iterations (a contraction): every run
  // must give a finite gradient that agrees with the 10^3 run to rounding.
  static std::vector<double> first;
  if (first.empty())
    first = gc;
  else
    check_near(name + "/converged", gc, first, tolerance{1e-12, 1e-9});
}

/// W3 itself (stops on its tolerance, about 32 iterations for this input).
void w3_tolerance() {
  const std::vector<double> x = workload_inputs::w3_x();
  auto taped = tangent::grad<w3_fixed_point>();
  auto ckpt = tangent::grad<w3_fixed_point_ckpt>();
  const std::size_t full = peak_bytes_of(taped, x);
  const std::size_t cp = peak_bytes_of(ckpt, x);
  std::printf("W3 (tol 1e-10): full tape %zu bytes, checkpoint(8) %zu bytes\n",
              full, cp);
  check_same("w3/tolerance/ckpt==taped", ckpt(x), taped(x));
  check_twin_strategies("w3/tolerance", taped, ckpt, x);
  check_true("w3/tolerance/less_memory", cp < full,
             "checkpointed " + std::to_string(cp) + " >= full tape " +
                 std::to_string(full));
}

} // namespace

int main() {
  w1();
  w3_tolerance();
  w3(1000, true);
  w3(10000, true);
  w3(100000, false);
  return summary();
}
