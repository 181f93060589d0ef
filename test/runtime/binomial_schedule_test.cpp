// Binomial (Revolve) checkpointing: beta, the recomputation bound against a
// brute-force optimum, and simulated reversals that reach it exactly.
#include "expect_throw.hpp"
#include "simulate.hpp"

#include <tangent/schedules.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace {

using tangent::binomial_beta;
using tangent::binomial_min_recomputation;
using tangent::binomial_schedule;
using tangent::step_index;
using tangent_test::expect_invalid_argument;
using tangent_test::simulate;

TEST(BinomialBeta, Values) {
  EXPECT_EQ(binomial_beta(0, 0), 1u);
  EXPECT_EQ(binomial_beta(0, 7), 1u);
  EXPECT_EQ(binomial_beta(5, 0), 1u);
  EXPECT_EQ(binomial_beta(1, 4), 5u);
  EXPECT_EQ(binomial_beta(2, 3), 10u);
  EXPECT_EQ(binomial_beta(3, 2), 10u);
  EXPECT_EQ(binomial_beta(10, 10), 184756u);
  EXPECT_EQ(binomial_beta(30, 30), 118264581564861424u);
  EXPECT_EQ(binomial_beta(4, -1), 0u);
}

TEST(BinomialBeta, SaturatesInsteadOfOverflowing) {
  EXPECT_EQ(binomial_beta(100, 100), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(binomial_beta(33, 33), 7219428434016265740u); // C(66, 33) fits
  EXPECT_EQ(binomial_beta(34, 34), std::numeric_limits<std::uint64_t>::max());
}

/// Fewest advances reversing l steps from a held state_0 with c snapshots
/// (state_0's included), by dynamic programming over the first split.
std::vector<std::vector<long long>> brute_force(int max_l, int max_c) {
  std::vector<std::vector<long long>> t(max_l + 1,
                                        std::vector<long long>(max_c + 1, 0));
  for (int l = 2; l <= max_l; ++l) {
    t[l][1] = static_cast<long long>(l) * (l - 1) / 2;
    for (int c = 2; c <= max_c; ++c) {
      long long best = std::numeric_limits<long long>::max();
      for (int m = 1; m < l; ++m)
        best = std::min(best, m + t[l - m][c - 1] + t[m][c]);
      t[l][c] = best;
    }
  }
  return t;
}

TEST(BinomialMinRecomputation, MatchesBruteForceOptimum) {
  const auto t = brute_force(70, 7);
  for (int c = 1; c <= 7; ++c)
    for (int l = std::max(c, 2); l <= 70; ++l)
      ASSERT_EQ(binomial_min_recomputation(l, c), t[l][c])
          << "n = " << l << ", c = " << c;
}

TEST(BinomialMinRecomputation, KnownValues) {
  EXPECT_EQ(binomial_min_recomputation(0, 0), 0);
  EXPECT_EQ(binomial_min_recomputation(1, 0), 0);
  EXPECT_EQ(binomial_min_recomputation(1, 1), 0);
  EXPECT_EQ(binomial_min_recomputation(2, 1), 1);
  EXPECT_EQ(binomial_min_recomputation(3, 1), 3);
  EXPECT_EQ(binomial_min_recomputation(1000, 1), 1000LL * 999 / 2);
  EXPECT_EQ(binomial_min_recomputation(5, 5), 4); // advance once per step
}

TEST(BinomialMinRecomputation, BadInputThrows) {
  expect_invalid_argument([] { binomial_min_recomputation(-1, 1); }, "n");
  expect_invalid_argument([] { binomial_min_recomputation(10, -1); },
                          "num_snapshots");
  expect_invalid_argument([] { binomial_min_recomputation(2, 0); },
                          "num_snapshots");
  expect_invalid_argument([] { binomial_min_recomputation(3, 4); },
                          "num_snapshots");
  expect_invalid_argument([] { binomial_beta(-1, 2); }, "c");
}

/// With store_on_forward, the forward phase stores the first run's
/// snapshots: a valid reversal within c snapshots whose reverse-phase
/// advances and the forward sweep's n steps together are within 10% (and
/// two steps) of Revolve's optimum, which counts its first run.
void expect_first_run_stored(step_index n, step_index c) {
  SCOPED_TRACE("n = " + std::to_string(n) + ", c = " + std::to_string(c));
  binomial_schedule s(n, c, true);
  const auto sim = simulate(s, n);
  ASSERT_EQ(sim.error, "");
  EXPECT_LE(sim.peak, static_cast<std::size_t>(c));
  EXPECT_EQ(sim.reverse_actions, n);
  const long long optimum = n <= 1 ? 0 : binomial_min_recomputation(n, c);
  EXPECT_LE(sim.advanced, optimum);
  if (n > 1 && c > 1) {
    EXPECT_LE(n + sim.advanced, optimum + optimum / 10 + 2);
  }
}

TEST(BinomialSchedule, StoringTheFirstRunOnTheForwardPhase) {
  for (step_index n : {0, 1, 2, 3, 10, 100, 1999})
    for (step_index c : {1, 2, 3, 8, 22})
      if (c <= n || (n == 0 && c == 0))
        expect_first_run_stored(n, c);
  expect_first_run_stored(0, 0);
}

void expect_optimal_reversal(step_index n, step_index c) {
  SCOPED_TRACE("n = " + std::to_string(n) + ", c = " + std::to_string(c));
  binomial_schedule s(n, c);
  const auto sim = simulate(s, n);
  ASSERT_EQ(sim.error, "");
  EXPECT_EQ(sim.advanced, n <= 1 ? 0 : binomial_min_recomputation(n, c));
  EXPECT_EQ(sim.advanced, s.recomputation());
  EXPECT_LE(sim.peak, static_cast<std::size_t>(c));
  EXPECT_EQ(sim.held_after_forward, n > 0 ? 1u : 0u); // state_0 only
  EXPECT_EQ(sim.reverse_actions, n);                  // one step at a time
  EXPECT_LE(sim.longest_reverse, 1);
}

TEST(BinomialSchedule, SimulatedReversalEdgeCases) {
  expect_optimal_reversal(0, 0);
  expect_optimal_reversal(1, 1);
  expect_optimal_reversal(4, 4); // n <= budget
  expect_optimal_reversal(5, 4); // budget + 1
  expect_optimal_reversal(2, 1);
}

TEST(BinomialSchedule, SimulatedReversalReachesTheBoundExactly) {
  for (step_index c = 1; c <= 6; ++c)
    for (step_index n = c; n <= 120; ++n) {
      expect_optimal_reversal(n, c);
      if (HasFailure())
        return;
    }
}

TEST(BinomialSchedule, SimulatedReversalMillion) {
  expect_optimal_reversal(1000000, 10);
  expect_optimal_reversal(1000000, 100);
}

TEST(BinomialSchedule, OneSnapshotRecomputesQuadratically) {
  expect_optimal_reversal(2000, 1); // 1999000 advances, few actions
}

TEST(BinomialSchedule, BadInputThrows) {
  expect_invalid_argument([] { binomial_schedule s(-1, 1); }, "n");
  expect_invalid_argument([] { binomial_schedule s(5, -1); }, "num_snapshots");
  expect_invalid_argument([] { binomial_schedule s(5, 0); }, "num_snapshots");
  expect_invalid_argument([] { binomial_schedule s(5, 6); }, "num_snapshots");
}

} // namespace
