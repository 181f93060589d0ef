// Online checkpointing: bounded snapshots for any trip count, nested
// binomial reversal of the stored segments.
#include "expect_throw.hpp"
#include "simulate.hpp"

#include <tangent/schedules.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using tangent::online_schedule;
using tangent::step_index;
using tangent_test::expect_invalid_argument;
using tangent_test::simulate;

/// Simulates n steps with budget B and checks the memory bounds: at most
/// 2B snapshots while the loop runs, 3B during the reversal, one iteration
/// on the tape at a time. Returns the steps advanced.
long long expect_bounded_reversal(step_index n, step_index budget) {
  SCOPED_TRACE("n = " + std::to_string(n) +
               ", budget = " + std::to_string(budget));
  online_schedule s(budget);
  const auto sim = simulate(s, n);
  EXPECT_EQ(sim.error, "");
  EXPECT_LE(sim.peak_forward, static_cast<std::size_t>(2 * budget));
  EXPECT_LE(sim.peak, static_cast<std::size_t>(3 * budget));
  EXPECT_EQ(s.max_snapshots(), static_cast<std::size_t>(3 * budget));
  EXPECT_LE(sim.longest_reverse, 1);
  EXPECT_EQ(sim.reverse_actions, n);
  // The forward snapshots are the multiples of the final interval.
  for (std::size_t k = 0; k < sim.forward_positions.size(); ++k)
    EXPECT_EQ(sim.forward_positions[k],
              static_cast<step_index>(k) * s.interval());
  EXPECT_EQ(static_cast<step_index>(sim.forward_positions.size()),
            (n + s.interval() - 1) / s.interval());
  return sim.advanced;
}

TEST(OnlineSchedule, EdgeCases) {
  constexpr step_index b = 4;
  EXPECT_EQ(expect_bounded_reversal(0, b), 0);
  EXPECT_EQ(expect_bounded_reversal(1, b), 0);
  EXPECT_EQ(expect_bounded_reversal(b, b), 0); // a snapshot per step
  EXPECT_EQ(expect_bounded_reversal(b + 1, b), 0);
  EXPECT_EQ(expect_bounded_reversal(2 * b, b), 0);
  expect_bounded_reversal(2 * b + 1, b); // first thinning
  expect_bounded_reversal(5, 1);
  expect_bounded_reversal(1000, 1);
}

TEST(OnlineSchedule, ThinsAndDoublesTheInterval) {
  online_schedule s(2); // at most 4 snapshots while running
  tangent::action a;
  std::string trace;
  for (step_index i = 0; i < 9; ++i) {
    s.forward(i);
    while (s.next(a))
      trace += std::string(tangent::to_string(a.kind)) + " " +
               std::to_string(a.begin) + "; ";
  }
  EXPECT_EQ(trace, "store 0; store 1; store 2; store 3; "
                   "free 1; free 3; store 4; store 6; "
                   "free 2; free 6; store 8; ");
  EXPECT_EQ(s.interval(), 4);
  EXPECT_EQ(s.held(), 3u);
}

TEST(OnlineSchedule, MemoryBoundedWithBudget8) {
  for (step_index n : {1000, 10000, 100000}) {
    const long long advanced = expect_bounded_reversal(n, 8);
    // Nested binomial reversal of segments of at most n / 8 steps with at
    // least 9 snapshots: a handful of recomputations per step.
    EXPECT_LE(advanced, 8 * n) << "n = " << n;
  }
}

TEST(OnlineSchedule, MillionSteps) {
  const long long advanced = expect_bounded_reversal(1000000, 8);
  EXPECT_LE(advanced, 12LL * 1000000);
  expect_bounded_reversal(1000000, 32);
}

TEST(OnlineSchedule, ProtocolMisuseThrowsLogicError) {
  online_schedule s(4);
  s.forward(0);
  EXPECT_THROW(s.forward(2), std::logic_error);
  online_schedule t(4);
  t.forward(0);
  EXPECT_THROW(t.finish(3), std::logic_error);
}

TEST(OnlineSchedule, BadInputThrows) {
  expect_invalid_argument([] { online_schedule s(0); }, "budget");
  expect_invalid_argument([] { online_schedule s(-3); }, "budget");
}

} // namespace
