// Loops of unknown trip count under options.memory_budget (runtime
// schedule/budget_while.hpp): taped while the budget keeps room for online
// checkpointing after them, then online checkpointing with as many
// snapshots as fit, in files when none does.
//
// W3 scaled (w3_iterations, N = 1000: one iteration's tape and one
// snapshot about 8 KB) at 1000 iterations under budgets that must pick the
// full tape (16 MB), taped then online (1.2 MB and 400 KB) and online with
// spilled snapshots (12 KB); a while loop over 100 elements at trip counts
// 0, 1, 2, B - 1, B, B + 1 (B = the snapshot budget, 4), around its switch
// and 10^5 under a budget that switches after 14 iterations; a loop
// left by `break` and a do loop.
// Each: the gradient bitwise equal to the full tape (and near finite
// differences where cheap), the strategy reported, and the peak bytes
// within the budget plus one iteration's tape (and the tape's 4 KiB
// accounting granularity).
#include "../../benchmarks/workloads/inputs.hpp"
#include "../../benchmarks/workloads/workloads.hpp"
#include "twin.hpp"

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

using namespace ckpt_test;
using tangent::loop_strategy_kind;

namespace {

/// The strategies of the last call, their peak check and their report.
void check_strategy(const std::string &name, loop_strategy_kind expected,
                    std::size_t budget, std::size_t peak) {
  const auto s = tangent::stats::last_strategies();
  check_true(name + "/reported", !s.empty(), "no loop reported");
  if (s.empty())
    return;
  std::printf("%s: %s, %lld iterations (%lld taped), %zu snapshots (%zu in "
              "memory), state %zu bytes, step tape %zu bytes; peak %zu "
              "bytes\n",
              name.c_str(), tangent::to_string(s[0].kind),
              static_cast<long long>(s[0].trip_count),
              static_cast<long long>(s[0].taped_steps), s[0].snapshots,
              s[0].ram_snapshots, s[0].state_bytes, s[0].step_tape_bytes, peak);
  const long long online = s[0].trip_count - s[0].taped_steps;
  if (s[0].snapshots > 0 && online > 1) {
    // The online schedule does not know the trip count; what it recomputed
    // against the offline optimum for the same snapshots (reported only).
    const long long c =
        std::min<long long>(online, static_cast<long long>(s[0].snapshots));
    std::printf("%s: %lld steps untaped (forward sweep and advances) for %lld "
                "online iterations; Revolve's fewest with %lld snapshots: "
                "%lld\n",
                name.c_str(), online + s[0].advanced_steps, online, c,
                tangent::binomial_min_recomputation(online, c));
  }
  check_true(name + "/strategy", s[0].kind == expected,
             std::string("chose ") + tangent::to_string(s[0].kind));
  check_true(name + "/peak within the budget",
             peak <= budget + s[0].step_tape_bytes + 2 * 4096,
             "peak " + std::to_string(peak) + " bytes");
}

template <long long Budget>
void w3_under(const char *name, loop_strategy_kind expected,
              const std::vector<double> &x, int iterations,
              const std::vector<double> &taped) {
  auto df = tangent::grad<w3_iterations, options{.memory_budget = Budget}>();
  tangent::stats::reset();
  const auto g = df(x, iterations);
  const std::size_t peak = tangent::stats::peak_bytes();
  check_same(std::string(name) + "/==taped", g, taped);
  check_strategy(name, expected, Budget, peak);
}

double relax(const std::vector<double> &x, int n) {
  std::vector<double> y = x;
  int k = 0;
  while (k < n) {
    for (std::size_t j = 0; j < y.size(); ++j)
      y[j] = 0.7 * y[j] + 0.2 * std::sin(y[j] * x[j] + 0.01 * k);
    ++k;
  }
  double r = 0;
  for (std::size_t j = 0; j < y.size(); ++j)
    r += y[j] * y[j];
  return r;
}

double until_small(double x, int n) {
  double y = x;
  for (int k = 0;; ++k) {
    if (k >= n || std::fabs(y) < 1e-300)
      break;
    y = 0.9 * y + 0.05 * std::cos(y + x);
  }
  return y;
}

double do_loop(double x, int n) {
  double y = x;
  int k = 0;
  do {
    y = std::sin(y) * 0.8 + x * 0.1;
  } while (++k < n);
  return y;
}

// One iteration of relax on 100 elements tapes 2,416 bytes and its state
// {y, k} is 812 bytes: 48 KB (counted in 4 KiB tape blocks) tapes 14
// iterations, until 3 x 4 snapshots and two iterations are left, then
// switches to online checkpointing with what is left.
constexpr options small{.budget = 4, .memory_budget = 48 * 1024};

} // namespace

int main() {
  const std::vector<double> x = workload_inputs::w3_x();
  const auto taped = tangent::grad<w3_iterations>()(x, 1000);
  // -DTANGENT_TEST_STRATEGIES: every strategy and budget against the full
  // tape (test/e2e/check_strategies.hpp); nothing otherwise.
  check_strategies(
      "w3", tangent::grad<w3_iterations, options{.memory_budget = 1'200'000}>(),
      x, 1000);
  w3_under<16'000'000>("w3/16 MB", loop_strategy_kind::full_tape, x, 1000,
                       taped);
  w3_under<1'200'000>("w3/1.2 MB", loop_strategy_kind::online, x, 1000, taped);
  w3_under<400'000>("w3/400 KB", loop_strategy_kind::online, x, 1000, taped);
  w3_under<12'000>("w3/12 KB", loop_strategy_kind::online_spilled, x, 1000,
                   taped);

  const std::vector<double> x100 = wave(100, 0.5);
  for (int n : {0, 1, 2, 3, 4, 5, 20, 60, 200}) {
    const std::string name = "relax/n=" + std::to_string(n);
    twin(name, expect::any, tangent::grad<relax>(),
         tangent::grad<relax, small>(), x100, n);
    tangent::stats::reset();
    (void)tangent::grad<relax, small>()(x100, n);
    check_strategy(name,
                   n <= 5 ? loop_strategy_kind::full_tape
                          : loop_strategy_kind::online,
                   small.memory_budget, tangent::stats::peak_bytes());
  }
  {
    const auto full = tangent::grad<relax>()(x100, 100000);
    tangent::stats::reset();
    const auto budgeted = tangent::grad<relax, small>()(x100, 100000);
    const std::size_t peak = tangent::stats::peak_bytes();
    check_same("relax/n=100000/==taped", budgeted, full);
    check_strategy("relax/n=100000", loop_strategy_kind::online,
                   small.memory_budget, peak);
  }
  for (int n : {0, 1, 7, 200}) {
    twin("until_small/n=" + std::to_string(n), expect::any,
         tangent::grad<until_small>(), tangent::grad<until_small, small>(), 0.4,
         n);
    twin("do_loop/n=" + std::to_string(n), expect::any,
         tangent::grad<do_loop>(), tangent::grad<do_loop, small>(), 0.4, n);
  }
  return summary();
}
