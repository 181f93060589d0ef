//===- benchmarks/checkpointing/checkpointing_memory.cpp - memory table ---===//
///
/// \file
/// What checkpointing buys and costs on the workloads of docs/benchmarks.md
/// (benchmarks/workloads/workloads.hpp, inputs from inputs.hpp):
///
///  - W1 rollout (N = 1000, T = 2000): full tape vs `checkpoint = true`
///    (sqrt(n) segments), and under `memory_budget`s from 32 MB to 12 KB
///    (the strategy each picked at run time is in the notes);
///  - W2 lorenz96 (`w2_lorenz96<5000>`, N = 100): full tape vs
///    `checkpoint = true`;
///  - W3 scaled (`w3_iterations_ckpt`, N = 1000, `[[tangent::checkpoint(8)]]`
///    on its while loop, online checkpointing) for 10^3, 10^4 and 10^5
///    iterations; the fully taped `w3_iterations` for 10^3 and 10^4 (10^5
///    would need about 0.8 GB of tape);
///  - W3 as written (`w3_fixed_point`, 32 iterations to tol 1e-10): full
///    tape, `[[tangent::checkpoint(8)]]` and `[[tangent::fixed_point]]`.
///
/// Per configuration: peak bytes of tapes and snapshots
/// (`tangent::stats::peak_bytes()`, deterministic), the median time of
/// `--reps` gradient calls (after one warm-up call that also measures the
/// memory), and the ratios against the full tape measured in the same run.
/// W3 peaks are also given in loop-carried states: the state the generated
/// snapshot holds (`{s, k}`: N doubles and an int) and s alone (N
/// doubles). Every checkpointed gradient is compared with the fully taped one
/// (bitwise) where both are computed.
///
/// Build with the plugin (CMake target `checkpointing_memory`, not part of the
/// default build):
///   build/bin/tangent-clang++ -O2 -DNDEBUG checkpointing_memory.cpp -o ...
/// Usage: checkpointing_memory [--reps N] [--quick]
///   --quick  W3 up to 10^4 iterations only, 3 repetitions
//===----------------------------------------------------------------------===//
#include "../workloads/inputs.hpp"
#include "../workloads/workloads.hpp"

#include <tangent/tangent.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

namespace {

using vector = std::vector<double>;

struct measurement {
  std::size_t peak = 0; ///< peak bytes of the first (warm-up) call
  double seconds = 0;   ///< median over the timed calls
  vector gradient;      ///< of the first call
};

/// One warm-up call (memory, gradient), then `reps` timed calls.
template <class F> measurement measure(const F &call, int reps) {
  measurement m;
  tangent::stats::reset();
  m.gradient = call();
  m.peak = tangent::stats::peak_bytes();
  std::vector<double> times;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    vector g = call();
    const auto t1 = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double>(t1 - t0).count());
    if (g.empty())
      std::abort();
  }
  std::sort(times.begin(), times.end());
  m.seconds = times.empty() ? 0.0 : times[times.size() / 2];
  return m;
}

template <class F> double primal_seconds(const F &call, int reps) {
  std::vector<double> times;
  volatile double sink = 0;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    sink = sink + call();
    const auto t1 = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double>(t1 - t0).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

std::string bytes_text(std::size_t b) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%zu", b);
  // Thousands separators.
  std::string s = buf, out;
  int k = 0;
  for (auto it = s.rbegin(); it != s.rend(); ++it, ++k) {
    if (k > 0 && k % 3 == 0)
      out.insert(out.begin(), ',');
    out.insert(out.begin(), *it);
  }
  return out;
}

void rule() {
  std::printf("|----------------------|-----------------|----------:|"
              "------------:|---------------:|----------:|----------:|"
              "-----------------------------|\n");
}
void header() {
  std::printf("| %-20s | %-15s | %9s | %11s | %14s | %9s | %9s | %-27s |\n",
              "workload", "configuration", "time [ms]", "grad/primal",
              "peak bytes", "bytes vs", "time vs", "notes");
  std::printf("| %-20s | %-15s | %9s | %11s | %14s | %9s | %9s | %-27s |\n", "",
              "", "(median)", "time", "(stats)", "full tape", "full tape", "");
  rule();
}

void row(const char *workload, const char *config, const measurement &m,
         double primal, const measurement *full, const std::string &notes) {
  char bytes_ratio[32] = "", time_ratio[32] = "";
  if (full != nullptr) {
    std::snprintf(bytes_ratio, sizeof bytes_ratio, "1/%.1f",
                  static_cast<double>(full->peak) /
                      static_cast<double>(m.peak));
    std::snprintf(time_ratio, sizeof time_ratio, "%.2fx",
                  m.seconds / full->seconds);
  } else if (notes.empty()) { // the full tape row itself
    std::snprintf(bytes_ratio, sizeof bytes_ratio, "1");
    std::snprintf(time_ratio, sizeof time_ratio, "1");
  } else { // no full tape to compare with
    std::snprintf(bytes_ratio, sizeof bytes_ratio, "-");
    std::snprintf(time_ratio, sizeof time_ratio, "-");
  }
  std::printf(
      "| %-20s | %-15s | %9.2f | %10.2fx | %14s | %9s | %9s | %-27s |\n",
      workload, config, m.seconds * 1e3, m.seconds / primal,
      bytes_text(m.peak).c_str(), bytes_ratio, time_ratio, notes.c_str());
  std::fflush(stdout);
}

/// For a loop that ran under a schedule with advances: its untaped steps
/// (the forward sweep's and the reverse sweep's advances) against
/// Revolve's fewest for its snapshots.
std::string revolve_note(const std::vector<tangent::loop_strategy> &s) {
  if (s.empty() || s[0].snapshots == 0 || s[0].advanced_steps == 0)
    return "";
  const long long untaped = s[0].trip_count - s[0].taped_steps;
  const long long c =
      std::min<long long>(untaped, static_cast<long long>(s[0].snapshots));
  return ", untaped steps " + std::to_string(untaped + s[0].advanced_steps) +
         " (Revolve " +
         std::to_string(tangent::binomial_min_recomputation(untaped, c)) + ")";
}

std::string same_text(const vector &a, const vector &b) {
  return a == b ? "bitwise == full tape" : "DIFFERS from full tape!";
}

} // namespace

int main(int argc, char **argv) {
  int reps = 5;
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
      reps = std::max(1, std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--quick") == 0)
      quick = true;
    else {
      std::fprintf(stderr, "usage: %s [--reps N] [--quick]\n", argv[0]);
      return 2;
    }
  }
  if (quick)
    reps = std::min(reps, 3);
  bool all_equal = true;

  std::printf("checkpointing_memory: median of %d gradient calls after one "
              "warm-up call; peak bytes = tangent::stats::peak_bytes() of the "
              "warm-up call\n\n",
              reps);
  header();

  // W1
  {
    const vector x = workload_inputs::w1_x();
    auto full = tangent::grad<w1_rollout>();
    auto ckpt =
        tangent::grad<w1_rollout, tangent::options{.checkpoint = true}>();
    const double primal = primal_seconds([&] { return w1_rollout(x); }, reps);
    const measurement f = measure([&] { return full(x); }, reps);
    const measurement c = measure([&] { return ckpt(x); }, reps);
    all_equal &= f.gradient == c.gradient;
    row("W1 rollout 1000x2000", "full tape", f, primal, nullptr, "");
    row("", "checkpoint=true", c, primal, &f,
        same_text(c.gradient, f.gradient));
    // Under memory budgets: the strategy each picks at run time.
    auto budgeted = [&](const char *config, const auto &df) {
      const measurement b = measure([&] { return df(x); }, reps);
      all_equal &= f.gradient == b.gradient;
      const auto s = tangent::stats::last_strategies();
      std::string what = s.empty() ? "?" : tangent::to_string(s[0].kind);
      if (!s.empty() && s[0].snapshots)
        what += ", " + std::to_string(s[0].snapshots) + " snapshots";
      if (!s.empty() && s[0].snapshots && s[0].taped_steps > 1)
        what += ", " + std::to_string(s[0].taped_steps) + " taped";
      what += revolve_note(s);
      row("", config, b, primal, &f,
          what + "; " + same_text(b.gradient, f.gradient));
    };
    budgeted("budget 32 MB",
             tangent::grad<w1_rollout,
                           tangent::options{.memory_budget = 32000000}>());
    budgeted("budget 8 MB",
             tangent::grad<w1_rollout,
                           tangent::options{.memory_budget = 8000000}>());
    budgeted("budget 4 MB",
             tangent::grad<w1_rollout,
                           tangent::options{.memory_budget = 4000000}>());
    budgeted("budget 2 MB",
             tangent::grad<w1_rollout,
                           tangent::options{.memory_budget = 2000000}>());
    budgeted("budget 1 MB",
             tangent::grad<w1_rollout,
                           tangent::options{.memory_budget = 1000000}>());
    budgeted(
        "budget 200 KB",
        tangent::grad<w1_rollout, tangent::options{.memory_budget = 200000}>());
    budgeted(
        "budget 50 KB",
        tangent::grad<w1_rollout, tangent::options{.memory_budget = 50000}>());
    budgeted(
        "budget 12 KB",
        tangent::grad<w1_rollout, tangent::options{.memory_budget = 12000}>());
  }

  // W2
  {
    const vector u0 = workload_inputs::w2_u0();
    auto full = tangent::grad<w2_lorenz96<5000>>();
    auto ckpt = tangent::grad<w2_lorenz96<5000>,
                              tangent::options{.checkpoint = true}>();
    const double primal =
        primal_seconds([&] { return w2_lorenz96<5000>(u0); }, reps);
    const measurement f = measure([&] { return full(u0); }, reps);
    const measurement c = measure([&] { return ckpt(u0); }, reps);
    all_equal &= f.gradient == c.gradient;
    row("W2 lorenz96 100x5000", "full tape", f, primal, nullptr, "");
    row("", "checkpoint=true", c, primal, &f,
        same_text(c.gradient, f.gradient));
  }

  // W3 scaled
  const vector x3 = workload_inputs::w3_x();
  const std::size_t n3 = x3.size();
  // What the generated snapshot of w3_iterations_ckpt's loop holds (see
  // "snapshot {...}" in the code dumped with -fplugin-arg-tangent-dump-dir).
  const std::size_t state =
      tangent::state_bytes(std::tuple<vector, int>(vector(n3), 0));
  const std::size_t s_only = tangent::state_bytes(vector(n3));
  struct w3_row {
    int iterations;
    std::size_t peak;
  };
  std::vector<w3_row> w3_rows;
  {
    auto full = tangent::grad<w3_iterations>();
    auto ckpt = tangent::grad<w3_iterations_ckpt>();
    std::vector<int> counts{1000, 10000};
    if (!quick)
      counts.push_back(100000);
    for (int iterations : counts) {
      // The 10^5 run takes seconds per call: fewer repetitions.
      const int r = iterations >= 100000 ? std::min(reps, 3) : reps;
      const double primal =
          primal_seconds([&] { return w3_iterations(x3, iterations); }, r);
      const std::string name =
          "W3 1000x10^" + std::to_string(iterations == 1000    ? 3
                                         : iterations == 10000 ? 4
                                                               : 5);
      measurement f;
      const bool with_full = iterations <= 10000;
      if (with_full) {
        f = measure([&] { return full(x3, iterations); }, r);
        row(name.c_str(), "full tape", f, primal, nullptr, "");
      }
      const measurement c = measure([&] { return ckpt(x3, iterations); }, r);
      if (with_full)
        all_equal &= f.gradient == c.gradient;
      row(with_full ? "" : name.c_str(), "checkpoint(8)", c, primal,
          with_full ? &f : nullptr,
          with_full ? same_text(c.gradient, f.gradient)
                    : "full tape (~0.8 GB) not run");
      w3_rows.push_back({iterations, c.peak});
    }
  }
  // W3 at 10^3 iterations under memory budgets: taped while it fits, then
  // online with the snapshots that fit.
  {
    auto full = tangent::grad<w3_iterations>();
    const double primal =
        primal_seconds([&] { return w3_iterations(x3, 1000); }, reps);
    const measurement f = measure([&] { return full(x3, 1000); }, reps);
    row("W3 1000x10^3", "full tape", f, primal, nullptr, "");
    auto budgeted = [&](const char *config, const auto &df) {
      const measurement b = measure([&] { return df(x3, 1000); }, reps);
      all_equal &= f.gradient == b.gradient;
      const auto s = tangent::stats::last_strategies();
      std::string what = s.empty() ? "?" : tangent::to_string(s[0].kind);
      if (!s.empty() && s[0].snapshots)
        what += ", " + std::to_string(s[0].taped_steps) + " taped, " +
                std::to_string(s[0].snapshots) + " snapshots";
      what += revolve_note(s);
      row("", config, b, primal, &f,
          what + "; " + same_text(b.gradient, f.gradient));
    };
    using tangent::options;
    budgeted(
        "budget 16 MB",
        tangent::grad<w3_iterations, options{.memory_budget = 16000000}>());
    budgeted("budget 4 MB",
             tangent::grad<w3_iterations, options{.memory_budget = 4000000}>());
    budgeted("budget 1.2 MB",
             tangent::grad<w3_iterations, options{.memory_budget = 1200000}>());
    budgeted("budget 400 KB",
             tangent::grad<w3_iterations, options{.memory_budget = 400000}>());
    budgeted("budget 100 KB",
             tangent::grad<w3_iterations, options{.memory_budget = 100000}>());
    budgeted("budget 12 KB",
             tangent::grad<w3_iterations, options{.memory_budget = 12000}>());
  }
  // W3 as written (tol 1e-10): full tape, online checkpointing and the
  // fixed-point adjoint (equal to the implicit derivative to the loop's
  // tolerance, not bitwise to the full tape: its largest relative
  // difference is in the notes).
  {
    auto full = tangent::grad<w3_fixed_point>();
    auto online = tangent::grad<w3_fixed_point_ckpt>();
    auto fixed = tangent::grad<w3_fixed_point_christianson>();
    const double primal =
        primal_seconds([&] { return w3_fixed_point(x3); }, reps);
    const measurement f = measure([&] { return full(x3); }, reps);
    const measurement o = measure([&] { return online(x3); }, reps);
    const measurement p = measure([&] { return fixed(x3); }, reps);
    all_equal &= f.gradient == o.gradient;
    double worst = 0;
    for (std::size_t j = 0; j < n3; ++j)
      worst = std::max(worst, std::abs(p.gradient[j] - f.gradient[j]) /
                                  std::max(1e-300, std::abs(f.gradient[j])));
    char note[96];
    std::snprintf(note, sizeof note, "max relative difference %.1e", worst);
    row("W3 1000, tol 1e-10", "full tape", f, primal, nullptr, "");
    row("", "checkpoint(8)", o, primal, &f, same_text(o.gradient, f.gradient));
    row("", "fixed_point", p, primal, &f, note);
  }
  rule();

  std::printf("\nW3 under [[tangent::checkpoint(8)]]: peak in loop-carried "
              "states (budget 8: 2 x 8 snapshots + iteration tapes)\n\n");
  const std::string states_head =
      "snapshot states (" + bytes_text(state) + " B: {s, k})";
  const std::string s_head = "states of s alone (" + bytes_text(s_only) + " B)";
  std::printf("| %10s | %10s | %40s | %27s |\n", "iterations", "peak bytes",
              states_head.c_str(), s_head.c_str());
  std::printf(
      "|-----------:|-----------:|-----------------------------------------"
      ":|----------------------------:|\n");
  for (const w3_row &w : w3_rows)
    std::printf("| %10d | %10s | %40.2f | %27.2f |\n", w.iterations,
                bytes_text(w.peak).c_str(),
                static_cast<double>(w.peak) / static_cast<double>(state),
                static_cast<double>(w.peak) / static_cast<double>(s_only));

  if (!all_equal) {
    std::printf(
        "\nERROR: a checkpointed gradient differs from the full tape\n");
    return 1;
  }
  return 0;
}
