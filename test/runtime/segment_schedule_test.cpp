// Segment (sqrt(n)) schedule: accessors, simulated reversal, bad input.
#include "expect_throw.hpp"
#include "simulate.hpp"

#include <tangent/schedules.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace {

using tangent::segment_schedule;
using tangent::step_index;
using tangent_test::expect_invalid_argument;
using tangent_test::simulate;

TEST(SegmentSchedule, DefaultLengthIsCeilSqrt) {
  EXPECT_EQ(segment_schedule(2000).length(), 45);
  EXPECT_EQ(segment_schedule(2000).count(), 45);
  EXPECT_EQ(segment_schedule(100).length(), 10);
  EXPECT_EQ(segment_schedule(101).length(), 11);
  EXPECT_EQ(segment_schedule(1).length(), 1);
  EXPECT_EQ(segment_schedule(1).count(), 1);
  EXPECT_EQ(segment_schedule(0).count(), 0);
  EXPECT_EQ(segment_schedule(1000000).length(), 1000);
  EXPECT_EQ(segment_schedule(999999).length(), 1000);
  EXPECT_EQ(segment_schedule(1000001).length(), 1001);
}

TEST(SegmentSchedule, LengthFromCheckpointCount) {
  segment_schedule s(10, 4);
  EXPECT_EQ(s.length(), 3);
  EXPECT_EQ(s.count(), 4);
  EXPECT_EQ(s.max_snapshots(), 4u);
  EXPECT_EQ(segment_schedule(10, 10).length(), 1);
  EXPECT_EQ(segment_schedule(10, 1).length(), 10);
  EXPECT_EQ(segment_schedule(10, 6).count(), 5); // never more than asked
  EXPECT_EQ(segment_schedule(0, 0).count(), 0);
}

TEST(SegmentSchedule, Accessors) {
  segment_schedule s(2000);
  EXPECT_EQ(s.steps(), 2000);
  EXPECT_EQ(s.begin(0), 0);
  EXPECT_EQ(s.end(0), 45);
  EXPECT_EQ(s.begin(44), 1980);
  EXPECT_EQ(s.end(44), 2000);
  EXPECT_EQ(s.segment_of(1979), 43);
  EXPECT_EQ(s.segment_of(1980), 44);
  int stores = 0;
  for (step_index i = 0; i < 2000; ++i)
    stores += s.stores_before(i);
  EXPECT_EQ(stores, 45);
  EXPECT_TRUE(s.stores_before(90));
  EXPECT_FALSE(s.stores_before(91));
  EXPECT_FALSE(s.stores_before(2000));
}

void expect_segment_reversal(step_index n, segment_schedule s) {
  SCOPED_TRACE("n = " + std::to_string(n));
  const auto sim = simulate(s, n);
  ASSERT_EQ(sim.error, "");
  EXPECT_EQ(sim.advanced, 0);
  EXPECT_EQ(sim.reverse_actions, s.count());
  EXPECT_LE(sim.longest_reverse, s.length());
  EXPECT_EQ(sim.peak, s.max_snapshots());
  EXPECT_EQ(sim.held_after_forward, s.max_snapshots());
  for (std::size_t k = 0; k < sim.forward_positions.size(); ++k)
    EXPECT_EQ(sim.forward_positions[k],
              static_cast<step_index>(k) * s.length());
}

TEST(SegmentSchedule, SimulatedReversalSmall) {
  expect_segment_reversal(0, segment_schedule(0));
  expect_segment_reversal(1, segment_schedule(1));
  expect_segment_reversal(2, segment_schedule(2));
  expect_segment_reversal(17, segment_schedule(17));
  expect_segment_reversal(2000, segment_schedule(2000));
}

TEST(SegmentSchedule, SimulatedReversalAroundTheBudget) {
  constexpr step_index c = 8;
  expect_segment_reversal(1, segment_schedule(1, 1));
  expect_segment_reversal(5, segment_schedule(5, 5)); // n <= budget
  expect_segment_reversal(c, segment_schedule(c, c));
  expect_segment_reversal(c + 1, segment_schedule(c + 1, c));
  expect_segment_reversal(3 * c + 1, segment_schedule(3 * c + 1, c));
}

TEST(SegmentSchedule, SimulatedReversalMillion) {
  expect_segment_reversal(1000000, segment_schedule(1000000));
  expect_segment_reversal(1000000, segment_schedule(1000000, 7));
}

TEST(SegmentSchedule, ReverseActionOrder) {
  segment_schedule s(5, 2); // segments [0, 3), [3, 5)
  tangent::action a;
  for (step_index i = 0; i < 5; ++i) {
    s.forward(i);
    while (s.next(a))
      EXPECT_EQ(a.kind, tangent::action_kind::store);
  }
  s.finish(5);
  std::string trace;
  while (s.next(a))
    trace += std::string(tangent::to_string(a.kind)) + " " +
             std::to_string(a.slot) + " " + std::to_string(a.begin) + " " +
             std::to_string(a.end) + "; ";
  EXPECT_EQ(trace, "restore 1 3 3; free 1 3 3; reverse 0 3 5; "
                   "restore 0 0 0; free 0 0 0; reverse 0 0 3; ");
}

TEST(SegmentSchedule, ProtocolMisuseThrowsLogicError) {
  segment_schedule s(4);
  EXPECT_THROW(s.forward(1), std::logic_error); // must start at 0
  segment_schedule t(4);
  t.forward(0);
  EXPECT_THROW(t.finish(4), std::logic_error); // only 1 iteration ran
  segment_schedule u(2);
  u.forward(0);
  u.forward(1);
  EXPECT_THROW(u.forward(2), std::logic_error); // beyond the trip count
}

TEST(SegmentSchedule, BadInputThrows) {
  expect_invalid_argument([] { segment_schedule s(-1); }, "n");
  expect_invalid_argument([] { segment_schedule s(-1, 1); }, "n");
  expect_invalid_argument([] { segment_schedule s(10, -1); },
                          "num_checkpoints");
  expect_invalid_argument([] { segment_schedule s(10, 0); }, "num_checkpoints");
  expect_invalid_argument([] { segment_schedule s(10, 11); },
                          "num_checkpoints");
  expect_invalid_argument([] { segment_schedule s(0, 1); }, "num_checkpoints");
}

} // namespace
