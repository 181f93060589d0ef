// Checkpointing under options.memory_budget (runtime schedule/budget.hpp):
// the W1 rollout (benchmarks/workloads/workloads.hpp: N = 1000, T = 2000;
// one step's tape is 8,000 bytes, a snapshot of s 8,000 bytes, the full
// tape 16 MB) under four budgets, each of which must pick its strategy:
//
//   64 MB    full tape        (2000 x 8,000 bytes fit)
//   2 MB     sqrt(n) segments (45 snapshots and 45 steps' tape: 720 KB),
//            and as many last iterations as the rest holds taped
//   200 KB   binomial         (23 snapshots next to one step's tape)
//   12 KB    spilled          (not two snapshots: 45 in files)
//
// For each: the gradient bitwise equal to the fully taped one, the strategy
// and its sizes in tangent::stats::last_strategies(), the peak bytes within
// the budget plus one iteration's tape (and the tape's 4 KiB rounding).
// Then: a spill directory that cannot be written is a std::runtime_error
// naming it, the next call still gives the same gradient, and no snapshot
// file is left behind; a small function with two loops reports both; a
// loop over 100 elements at trip counts 0 to 14 (around the 12 snapshots
// its budget holds), 100 and 10^5 stays bitwise equal and within budget.
#include "../../benchmarks/workloads/inputs.hpp"
#include "../../benchmarks/workloads/workloads.hpp"
#include "twin.hpp"

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ckpt_test;
using tangent::loop_strategy_kind;

namespace {

std::size_t snapshot_files(const std::filesystem::path &dir) {
  std::size_t n = 0;
  for (const auto &e : std::filesystem::directory_iterator(dir))
    n += e.path().extension() == ".snapshot";
  return n;
}

template <long long Budget>
void w1_under(const char *name, loop_strategy_kind expected,
              const std::vector<double> &x,
              const std::vector<double> &taped_gradient) {
  auto df = tangent::grad<w1_rollout, options{.memory_budget = Budget}>();
  tangent::stats::reset();
  const std::vector<double> g = df(x);
  const std::size_t peak = tangent::stats::peak_bytes();
  const auto strategies = tangent::stats::last_strategies();
  check_same(std::string(name) + "/==taped", g, taped_gradient);
  check_true(std::string(name) + "/two loops reported", strategies.size() == 2,
             std::to_string(strategies.size()) + " loops reported");
  if (strategies.size() != 2)
    return;
  const tangent::loop_strategy &s = strategies[0];
  std::printf("%s: %s, %lld iterations taped, %zu snapshots (%zu in "
              "memory), state %zu bytes, step tape %zu bytes, %zu bytes left; "
              "peak %zu bytes\n",
              name, tangent::to_string(s.kind),
              static_cast<long long>(s.taped_steps), s.snapshots,
              s.ram_snapshots, s.state_bytes, s.step_tape_bytes, s.budget_bytes,
              peak);
  if (s.kind == loop_strategy_kind::binomial ||
      s.kind == loop_strategy_kind::spilled) {
    // Against Revolve's fewest advances for these snapshots from state_0
    // (which includes the first sweep, done here by the forward sweep).
    const long long revolve = tangent::binomial_min_recomputation(
        s.trip_count - 1, static_cast<long long>(s.snapshots));
    const long long ours = (s.trip_count - 1) + s.advanced_steps;
    std::printf("%s: %lld steps run untaped (forward sweep and advances), "
                "Revolve's fewest %lld\n",
                name, ours, revolve);
    check_true(std::string(name) + "/within 10% of Revolve",
               ours <= revolve + revolve / 10,
               std::to_string(ours) + " against " + std::to_string(revolve));
  }
  if (expected == loop_strategy_kind::segments)
    check_true(std::string(name) + "/a taped tail uses the room left",
               s.taped_steps > 1,
               std::to_string(s.taped_steps) + " iterations taped");
  check_true(std::string(name) + "/strategy", s.kind == expected,
             std::string("chose ") + tangent::to_string(s.kind));
  check_true(std::string(name) + "/sizes",
             s.trip_count == 2000 && s.state_bytes == 8000 &&
                 s.step_tape_bytes >= 8000 && s.step_tape_bytes <= 8200,
             "trip count " + std::to_string(s.trip_count) + ", state " +
                 std::to_string(s.state_bytes) + ", step tape " +
                 std::to_string(s.step_tape_bytes));
  check_true(std::string(name) + "/peak within the budget",
             peak <= static_cast<std::size_t>(Budget) + s.step_tape_bytes +
                         2 * 4096,
             "peak " + std::to_string(peak) + " bytes");
}

double two_loops(double x, int n) {
  double s = x;
  for (int i = 0; i < n; ++i)
    s = std::sin(s) + 0.5 * x;
  double p = 1.0;
  for (int i = 0; i < 3; ++i)
    p *= s + i;
  return p;
}

/// A counted loop over 100 elements with a run-time trip count: one
/// iteration tapes 2,400 bytes, its state is 800 bytes.
double relax(const std::vector<double> &x, int n) {
  std::vector<double> y = x;
  for (int k = 0; k < n; ++k)
    for (std::size_t j = 0; j < y.size(); ++j)
      y[j] = 0.7 * y[j] + 0.2 * std::sin(y[j] * x[j] + 0.01 * k);
  double r = 0;
  for (std::size_t j = 0; j < y.size(); ++j)
    r += y[j] * y[j];
  return r;
}

// 16 KB: more than the first iteration's tape and block, room for 12
// snapshots beside one iteration's tape: binomial with c = 12 snapshots
// (in files beyond them for 10^5 iterations), and trip counts around c.
constexpr options relax_budget{.memory_budget = 16 * 1024};

} // namespace

int main() {
  const std::vector<double> x = workload_inputs::w1_x();
  const std::vector<double> full = tangent::grad<w1_rollout>()(x);
  // -DTANGENT_TEST_STRATEGIES: every strategy and budget against the full
  // tape (test/e2e/check_strategies.hpp); nothing otherwise.
  check_strategies(
      "w1", tangent::grad<w1_rollout, options{.memory_budget = 2000000}>(), x);

  w1_under<64000000>("w1/64MB", loop_strategy_kind::full_tape, x, full);
  w1_under<2000000>("w1/2MB", loop_strategy_kind::segments, x, full);
  w1_under<200000>("w1/200KB", loop_strategy_kind::binomial, x, full);
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "tangent-budget-test";
  std::filesystem::create_directories(dir);
  tangent::config::spill_directory = dir.string();
  w1_under<12000>("w1/12KB", loop_strategy_kind::spilled, x, full);
  check_true("spill/files removed", snapshot_files(dir) == 0,
             std::to_string(snapshot_files(dir)) + " files left");

  // An unwritable spill directory: an error that names it, then a normal
  // call gives the same gradient.
  tangent::config::spill_directory = (dir / "missing" / "deeper").string();
  auto spilled = tangent::grad<w1_rollout, options{.memory_budget = 12000}>();
  std::string message;
  try {
    (void)spilled(x);
  } catch (const std::runtime_error &e) {
    message = e.what();
  }
  check_true("spill/unwritable is an error",
             message.find("missing/deeper") != std::string::npos,
             "message: '" + message + "'");
  tangent::config::spill_directory = dir.string();
  check_same("spill/after the error", spilled(x), full);
  check_true("spill/files removed after the error", snapshot_files(dir) == 0,
             std::to_string(snapshot_files(dir)) + " files left");
  std::filesystem::remove_all(dir);
  tangent::config::spill_directory.clear();

  // Two loops, both reported; gradients bitwise equal to the full tape
  // under budgets that force each strategy on the first loop.
  for (int n : {0, 1, 2, 50}) {
    auto taped = tangent::grad<two_loops>();
    auto tight = tangent::grad<two_loops, options{.memory_budget = 64}>();
    auto roomy = tangent::grad<two_loops, options{.memory_budget = 1 << 20}>();
    twin_exact("two_loops/tight", expect::any, taped, tight, 0.7, n);
    twin("two_loops/roomy", expect::any, taped, roomy, 0.7, n);
    (void)tight(0.7, n);
    const auto s = tangent::stats::last_strategies();
    check_true("two_loops/reported", s.size() == (n > 0 ? 2u : 1u),
               std::to_string(s.size()) + " loops reported");
  }

  // Trip counts 0, 1, 2, around the 12 snapshots the budget holds, and
  // 10^5:
  // bitwise equal to the full tape, the peak within the budget plus one
  // iteration's tape.
  const std::vector<double> x100 = wave(100, 0.5);
  for (int n : {0, 1, 2, 3, 5, 8, 11, 12, 13, 14, 100, 100000}) {
    const std::string name = "relax/n=" + std::to_string(n);
    const auto full_g = tangent::grad<relax>()(x100, n);
    tangent::stats::reset();
    const auto g = tangent::grad<relax, relax_budget>()(x100, n);
    const std::size_t peak = tangent::stats::peak_bytes();
    check_same(name + "/==taped", g, full_g);
    if (n < 100000) // the matrix's reference would tape 240 MB
      check_strategies(name, tangent::grad<relax, relax_budget>(), x100, n);
    const auto s = tangent::stats::last_strategies();
    const std::size_t step = s.empty() ? 0 : s[0].step_tape_bytes;
    if (!s.empty() && (n == 100 || n == 100000))
      std::printf("%s: %s, %zu snapshots (%zu in memory); peak %zu bytes\n",
                  name.c_str(), tangent::to_string(s[0].kind), s[0].snapshots,
                  s[0].ram_snapshots, peak);
    check_true(name + "/peak within the budget",
               peak <= static_cast<std::size_t>(relax_budget.memory_budget) +
                           step + 2 * 4096,
               "peak " + std::to_string(peak) + " bytes");
  }
  return summary();
}
