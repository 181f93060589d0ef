//===- benchmarks/checkpointing/parallel_replay.cpp - threads = 2 table ---===//
///
/// \file
/// What `options{.threads = 2}` buys: per workload (W1, W2, W4 of
/// ../workloads/workloads.hpp), the primal, the full tape, sqrt(n)
/// checkpointing replayed on this thread and replayed by two threads; and
/// how W1's time falls as its `memory_budget` grows from sqrt(n) segments
/// to the full tape (the taped tail of budget.hpp). The
/// configurations run interleaved, round after round in this one process,
/// and each time is the median over the rounds; ratios are taken within
/// the run. Peak bytes are tangent::stats::peak_bytes() of one call (on the
/// calling thread, where parallel replay counts its tapes). Every
/// checkpointed gradient is compared bitwise with the full tape; the
/// program exits 1 if one differs.
///
/// Build: `cmake --build build --target parallel_replay` (tangent-clang++
/// -O2 -DNDEBUG); run `build/bin/parallel_replay [--rounds N]`.
//===----------------------------------------------------------------------===//
#include "../workloads/inputs.hpp"
#include "../workloads/workloads.hpp"

#include <tangent/tangent.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

using vector = std::vector<double>;
constexpr tangent::options sequential{.checkpoint = true};
constexpr tangent::options parallel{.checkpoint = true, .threads = 2};

struct config {
  const char *name;
  std::function<vector()> call; // empty for the primal
  std::function<double()> primal;
  std::vector<double> seconds;
  std::size_t peak = 0;
  vector gradient;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <class F> double seconds_of(F &&f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
      .count();
}

/// Runs the configurations of one workload interleaved; prints its rows;
/// returns whether every gradient equals the full tape's.
bool table(const char *workload, std::vector<config> &configs, int rounds) {
  for (config &c : configs) // warm-up, gradient and peak
    if (c.call) {
      tangent::stats::reset();
      c.gradient = c.call();
      c.peak = tangent::stats::peak_bytes();
    }
  volatile double sink = 0;
  for (int r = 0; r < rounds; ++r)
    for (config &c : configs)
      c.seconds.push_back(seconds_of([&] {
        if (c.call)
          sink = sink + c.call().front();
        else
          sink = sink + c.primal();
      }));
  const double primal = median(configs[0].seconds);
  const double full = median(configs[1].seconds);
  bool equal = true;
  for (const config &c : configs) {
    const double t = median(c.seconds);
    std::string note;
    if (c.call && &c != &configs[1]) {
      const bool same = c.gradient == configs[1].gradient;
      equal = equal && same;
      note = same ? "bitwise == full tape" : "DIFFERS from full tape!";
    }
    std::printf("| %-12s | %-26s | %9.2f | %7.2fx | %7.2fx | %12zu | %-20s |\n",
                &c == &configs[0] ? workload : "", c.name, t * 1e3, t / primal,
                t / full, c.peak, note.c_str());
  }
  return equal;
}

} // namespace

int main(int argc, char **argv) {
  int rounds = 15;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
      rounds = std::max(1, std::atoi(argv[++i]));
    else {
      std::fprintf(stderr, "usage: %s [--rounds N]\n", argv[0]);
      return 2;
    }
  }
  std::printf("parallel_replay: medians of %d interleaved rounds, %u hardware "
              "threads\n\n",
              rounds, std::thread::hardware_concurrency());
  std::printf("| %-12s | %-26s | %9s | %8s | %8s | %12s | %-20s |\n",
              "workload", "configuration", "time [ms]", "/primal", "/full",
              "peak bytes", "gradient");
  std::printf("|--------------|----------------------------|----------:|"
              "---------:|---------:|-------------:|----------------------|\n");
  bool equal = true;
  {
    const vector x = workload_inputs::w1_x();
    std::vector<config> c = {
        {"primal", {}, [&] { return w1_rollout(x); }},
        {"full tape", [&] { return tangent::grad<w1_rollout>()(x); }},
        {"checkpoint, 1 thread",
         [&] { return tangent::grad<w1_rollout, sequential>()(x); }},
        {"checkpoint, threads = 2",
         [&] { return tangent::grad<w1_rollout, parallel>()(x); }}};
    equal &= table("W1 1000x2000", c, rounds);
  }
  {
    const vector u0 = workload_inputs::w2_u0();
    std::vector<config> c = {
        {"primal", {}, [&] { return w2_lorenz96<5000>(u0); }},
        {"full tape", [&] { return tangent::grad<w2_lorenz96<5000>>()(u0); }},
        {"checkpoint, 1 thread",
         [&] { return tangent::grad<w2_lorenz96<5000>, sequential>()(u0); }},
        {"checkpoint, threads = 2",
         [&] { return tangent::grad<w2_lorenz96<5000>, parallel>()(u0); }}};
    equal &= table("W2 100x5000", c, rounds);
  }
  {
    const workload_inputs::rnn_parameters p = workload_inputs::w4_parameters();
    auto flat = [](const auto &g) {
      vector v = std::get<0>(g);
      v.insert(v.end(), std::get<1>(g).begin(), std::get<1>(g).end());
      v.insert(v.end(), std::get<2>(g).begin(), std::get<2>(g).end());
      return v;
    };
    std::vector<config> c = {
        {"primal", {}, [&] { return w4_rnn(p.W, p.U, p.b); }},
        {"full tape",
         [&] { return flat(tangent::grad<w4_rnn>()(p.W, p.U, p.b)); }},
        {"checkpoint, 1 thread",
         [&] {
           return flat(tangent::grad<w4_rnn, sequential>()(p.W, p.U, p.b));
         }},
        {"checkpoint, threads = 2", [&] {
           return flat(tangent::grad<w4_rnn, parallel>()(p.W, p.U, p.b));
         }}};
    equal &= table("W4 64x1000", c, rounds);
  }
  {
    const vector x = workload_inputs::w1_x();
    using tangent::options;
    std::vector<config> c = {
        {"primal", {}, [&] { return w1_rollout(x); }},
        {"full tape", [&] { return tangent::grad<w1_rollout>()(x); }},
        {"checkpoint, 1 thread",
         [&] { return tangent::grad<w1_rollout, sequential>()(x); }},
        {"memory_budget 15 MB",
         [&] {
           return tangent::grad<w1_rollout,
                                options{.memory_budget = 15'000'000}>()(x);
         }},
        {"memory_budget 8 MB",
         [&] {
           return tangent::grad<w1_rollout,
                                options{.memory_budget = 8'000'000}>()(x);
         }},
        {"memory_budget 4 MB",
         [&] {
           return tangent::grad<w1_rollout,
                                options{.memory_budget = 4'000'000}>()(x);
         }},
        {"memory_budget 2 MB",
         [&] {
           return tangent::grad<w1_rollout,
                                options{.memory_budget = 2'000'000}>()(x);
         }},
        {"memory_budget 1 MB", [&] {
           return tangent::grad<w1_rollout,
                                options{.memory_budget = 1'000'000}>()(x);
         }}};
    equal &= table("W1 budgets", c, rounds);
  }
  return equal ? 0 : 1;
}
