// The bound of options.memory_budget (docs/checkpointing.md, "Under a
// memory budget") on loops whose iterations do not all record the same
// tape, which a plan made from one measured iteration misjudges:
//
//   locals        vectors declared in the body (`tmp = s`, `u(s.size())`):
//                 the first iteration records them while they are still
//                 empty, so it tapes 6.4 KB and every other one 9.7 KB
//                 (2000 iterations of a 200-double state); before the fix
//                 a 1 MB budget peaked at 1.39 MB
//   sized_local   `std::vector<double> tmp(s.size())` filled from s and
//                 written back (every iteration alike)
//   growing       iteration t records t + 1 values (a counted loop)
//   growing_while the same as a while loop
//   locals_while  the vectors of `locals` in a while loop
//   one_large     one iteration in the middle records 60 times more
//   trajectory    the loop-carried state grows (push_back), so snapshots
//                 outgrow the one measured
//
// Each under budgets from 1 byte to more than its full tape (fractions of
// its fully taped peak P, and 300 KB and 1 MB for `locals`): the gradient
// bitwise equal to the fully taped one, and every loop's peak
// (loop_strategy::peak_bytes, what tangent::stats counts) within
// max(budget, what the call held when the loop began) plus twice its
// largest iteration tape and the tape's 4 KiB accounting blocks; for the
// loops of one main loop and a reduction, also the call's peak. The
// mechanisms are seen to act: plans made again (`replans`) and replays
// stopped (`split_replays`).
#include "twin.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

using namespace ckpt_test;

namespace {

double locals(const std::vector<double> &x) {
  std::vector<double> s = x;
  for (int t = 0; t < 2000; ++t) {
    std::vector<double> tmp = s;
    for (std::size_t j = 0; j < s.size(); ++j)
      tmp[j] = std::sin(tmp[j]) * 0.9 + 0.1 * std::cos(s[j] * x[j]);
    std::vector<double> u(s.size());
    for (std::size_t j = 0; j < s.size(); ++j)
      u[j] = tmp[j] * tmp[j];
    for (std::size_t j = 0; j < s.size(); ++j)
      s[j] = 0.5 * tmp[j] + 0.1 * std::sin(u[j]);
  }
  double r = 0;
  for (std::size_t j = 0; j < s.size(); ++j)
    r += s[j] * s[j];
  return r;
}

double sized_local(const std::vector<double> &x) {
  std::vector<double> s = x;
  for (int t = 0; t < 2000; ++t) {
    std::vector<double> tmp(s.size());
    for (std::size_t j = 0; j < s.size(); ++j)
      tmp[j] = std::sin(s[j]) * 0.9 + 0.1 * std::cos(s[j] * x[j]);
    for (std::size_t j = 0; j < s.size(); ++j)
      s[j] = tmp[j];
  }
  double r = 0;
  for (std::size_t j = 0; j < s.size(); ++j)
    r += s[j] * s[j];
  return r;
}

double growing(const std::vector<double> &x, int n) {
  double s = 0.5;
  for (int t = 0; t < n; ++t) {
    double acc = 0;
    for (int j = 0; j <= t; ++j)
      acc += std::sin(s * x[j % x.size()] + 0.001 * j);
    s = 0.5 * s + 0.01 * acc;
  }
  return s;
}

double growing_while(const std::vector<double> &x, int n) {
  double s = 0.5;
  int t = 0;
  while (t < n) {
    double acc = 0;
    for (int j = 0; j <= t; ++j)
      acc += std::sin(s * x[j % x.size()] + 0.001 * j);
    s = 0.5 * s + 0.01 * acc;
    ++t;
  }
  return s;
}

double locals_while(const std::vector<double> &x, double tol) {
  std::vector<double> s = x;
  double change = 1;
  while (change > tol) {
    std::vector<double> tmp = s;
    for (std::size_t j = 0; j < s.size(); ++j)
      tmp[j] = 0.5 * std::cos(tmp[j]) + 0.1 * x[j];
    change = 0;
    for (std::size_t j = 0; j < s.size(); ++j) {
      change = std::fmax(change, std::fabs(tmp[j] - s[j]));
      s[j] = tmp[j];
    }
  }
  double r = 0;
  for (std::size_t j = 0; j < s.size(); ++j)
    r += s[j] * s[j];
  return r;
}

double one_large(const std::vector<double> &x, int n) {
  std::vector<double> s = x;
  for (int t = 0; t < n; ++t) {
    const int reps = t == n / 2 ? 60 : 1;
    for (int r = 0; r < reps; ++r)
      for (std::size_t j = 0; j < s.size(); ++j)
        s[j] = std::sin(s[j]) + 0.1 * x[j];
  }
  double r = 0;
  for (std::size_t j = 0; j < s.size(); ++j)
    r += s[j] * s[j];
  return r;
}

double trajectory(const std::vector<double> &x, int n) {
  std::vector<double> xs;
  xs.push_back(x[0]);
  double v = x[1];
  for (int t = 0; t < n; ++t) {
    v = v - 0.1 * std::sin(xs.back());
    xs.push_back(xs.back() + 0.1 * v);
  }
  double s = 0;
  for (std::size_t i = 0; i < xs.size(); ++i)
    s += xs[i] * xs[i];
  return s;
}

long long replans = 0, splits = 0;

/// grad<F> under budgets from 1 byte to twice its fully taped peak P (and
/// `extra`), each run bitwise against the full tape and within the bound.
template <auto F, class... A>
void bounded(const std::string &name, std::vector<std::size_t> budgets,
             const A &...args) {
  tangent::stats::reset();
  const auto taped = tangent::grad<F>()(args...);
  const std::size_t p = tangent::stats::peak_bytes();
  for (std::size_t b :
       {std::size_t{1}, p / 16, p / 4, p / 2, p / 10 * 9, 2 * p})
    budgets.push_back(std::max<std::size_t>(b, 1));
  // Compiled with a budget; the override sets the bytes (tests only).
  const auto df = tangent::grad<F, options{.memory_budget = 1}>();
  for (std::size_t budget : budgets) {
    const std::string at = name + "/" + std::to_string(budget) + " B";
    tangent::testing::memory_budget_override guard(budget);
    tangent::stats::reset();
    const auto g = df(args...);
    const std::size_t peak = tangent::stats::peak_bytes();
    check_same(at + "/==taped", g, taped);
    const auto loops = tangent::stats::last_strategies();
    check_true(at + "/reported", !loops.empty(), "no loop reported");
    std::size_t largest = 0;
    for (const tangent::loop_strategy &s : loops) {
      const std::size_t bound = std::max(budget, s.held_bytes) +
                                2 * s.largest_step_tape_bytes + 2 * 4096;
      std::printf("%s, %s: %s, %lld of %lld iterations taped, first "
                  "iteration %zu bytes, largest %zu; peak %zu bytes, bound "
                  "%zu; %lld plans again, %lld replays stopped\n",
                  at.c_str(), s.loop.c_str(), tangent::to_string(s.kind),
                  static_cast<long long>(s.taped_steps),
                  static_cast<long long>(s.trip_count), s.step_tape_bytes,
                  s.largest_step_tape_bytes, s.peak_bytes, bound,
                  static_cast<long long>(s.replans),
                  static_cast<long long>(s.split_replays));
      check_true(at + "/" + s.loop + " within the bound", s.peak_bytes <= bound,
                 "peak " + std::to_string(s.peak_bytes) + " bytes, bound " +
                     std::to_string(bound));
      largest = std::max(largest, s.largest_step_tape_bytes);
      replans += s.replans;
      splits += s.split_replays;
    }
    // One main loop and a reduction that records nothing: the call's peak
    // is within the main loop's bound.
    check_true(at + "/call within the bound",
               peak <= budget + 2 * largest + 2 * 4096,
               "peak " + std::to_string(peak) + " bytes");
  }
  check_strategies(name, df, args...);
}

} // namespace

int main() {
  std::vector<double> x(200);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = 0.3 + 0.001 * static_cast<double>(i);

  bounded<locals>("locals", {300000, 1000000}, x);
  {
    // The case the plan misjudges: the first iteration records less.
    tangent::testing::memory_budget_override guard(1000000);
    (void)tangent::grad<locals, options{.memory_budget = 1}>()(x);
    const auto s = tangent::stats::last_strategies();
    check_true("locals/the first iteration records less",
               !s.empty() &&
                   s[0].step_tape_bytes + 3000 < s[0].largest_step_tape_bytes,
               s.empty() ? "no loop" : std::to_string(s[0].step_tape_bytes));
  }
  bounded<sized_local>("sized_local", {300000}, x);
  bounded<growing>("growing", {}, x, 600);
  bounded<growing_while>("growing_while", {}, x, 600);
  bounded<locals_while>("locals_while", {}, x, 1e-9);
  bounded<one_large>("one_large", {}, x, 400);
  bounded<trajectory>("trajectory", {}, x, 3000);
  check_true("plans made again", replans > 0, std::to_string(replans));
  check_true("replays stopped", splits > 0, std::to_string(splits));
  return summary();
}
