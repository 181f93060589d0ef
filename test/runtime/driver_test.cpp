// The drivers on real states: gradients of small W1- and W3-shaped loops
// through every schedule are bitwise identical to the fully taped gradient,
// and the snapshots are counted and freed.
#include <tangent/schedules.hpp>
#include <tangent/stats.hpp>
#include <tangent/tape.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <tuple>
#include <vector>

namespace {

using tangent::step_index;
using vec = std::vector<double>;

vec inputs(std::size_t n) {
  vec x(n);
  for (std::size_t j = 0; j < n; ++j)
    x[j] = 0.1 * static_cast<double>(j % 7) - 0.25;
  return x;
}

/// W1 rollout, s_j <- tanh(1.01 s_j + x_j), T steps; loss sum_j s_j.
struct rollout {
  vec x;
  step_index steps;

  void advance(vec &s, step_index b, step_index e) const {
    for (step_index t = b; t < e; ++t)
      for (std::size_t j = 0; j < s.size(); ++j)
        s[j] = std::tanh(1.01 * s[j] + x[j]);
  }
  /// Taped replay of [b, e), then its adjoint into d_s and d_x.
  void reverse(vec &s, step_index b, step_index e, vec &d_s, vec &d_x) const {
    tangent::tape &tp = tangent::thread_tape();
    for (step_index t = b; t < e; ++t)
      for (std::size_t j = 0; j < s.size(); ++j) {
        const double y = std::tanh(1.01 * s[j] + x[j]);
        tp.push(y);
        s[j] = y;
      }
    for (step_index t = e; t-- > b;)
      for (std::size_t j = s.size(); j-- > 0;) {
        const double y = tp.pop<double>();
        const double d_u = d_s[j] * (1 - y * y);
        d_x[j] += d_u;
        d_s[j] = d_u * 1.01;
      }
  }
  vec full_tape_gradient() const {
    vec s(x.size(), 0.0), d_s(x.size(), 1.0), d_x(x.size(), 0.0);
    reverse(s, 0, steps, d_s, d_x);
    return d_x;
  }
  template <class Schedule>
  vec checkpointed_gradient(Schedule &schedule) const {
    vec s(x.size(), 0.0), d_s(x.size(), 0.0), d_x(x.size(), 0.0);
    tangent::reverse_loop(
        schedule, s, steps,
        [&](vec &state, step_index b, step_index e) { advance(state, b, e); },
        [&](vec &state, step_index b, step_index e) {
          reverse(state, b, e, d_s, d_x);
        },
        [&](vec &) { d_s.assign(x.size(), 1.0); }); // loss = sum_j s_j
    return d_x;
  }
};

template <class Schedule>
void expect_same_gradient(const rollout &w, Schedule schedule,
                          std::size_t max_snapshots) {
  const std::size_t before = tangent::stats::current_bytes();
  const vec expected = w.full_tape_gradient();
  tangent::stats::reset();
  const vec got = w.checkpointed_gradient(schedule);
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t j = 0; j < got.size(); ++j)
    EXPECT_EQ(got[j], expected[j]) << "j = " << j; // bitwise, not near
  EXPECT_EQ(tangent::stats::current_bytes(), before);
  const std::size_t state = w.x.size() * sizeof(double);
  if (w.steps > 0) {
    EXPECT_GE(tangent::stats::peak_bytes() - before, state);
  }
  EXPECT_LE(tangent::stats::peak_bytes() - before,
            max_snapshots * state + 2 * tangent::tape::block_bytes +
                static_cast<std::size_t>(w.steps) * state);
}

TEST(ReverseLoop, SegmentGradientIsBitwiseFullTape) {
  const rollout w{inputs(6), 37};
  tangent::segment_schedule s(37);
  expect_same_gradient(w, s, s.max_snapshots());
  expect_same_gradient(w, tangent::segment_schedule(37, 5), 5);
  expect_same_gradient(w, tangent::segment_schedule(37, 37), 37);
}

TEST(ReverseLoop, BinomialGradientIsBitwiseFullTape) {
  const rollout w{inputs(6), 37};
  for (step_index c : {1, 2, 3, 10})
    expect_same_gradient(w, tangent::binomial_schedule(37, c),
                         static_cast<std::size_t>(c));
}

TEST(ReverseLoop, OnlineGradientIsBitwiseFullTape) {
  const rollout w{inputs(6), 100};
  for (step_index b : {1, 2, 8})
    expect_same_gradient(w, tangent::online_schedule(b),
                         static_cast<std::size_t>(3 * b));
}

TEST(ReverseLoop, EmptyAndSingleStepLoops) {
  for (step_index n : {0, 1}) {
    const rollout w{inputs(3), n};
    expect_same_gradient(w, tangent::segment_schedule(n), 1);
    expect_same_gradient(w, tangent::binomial_schedule(n, n), 1);
    expect_same_gradient(w, tangent::online_schedule(2), 6);
  }
}

TEST(SegmentOpenCoded, DocumentedPatternIsBitwiseFullTape) {
  // The open-coded pattern of schedules.hpp: accessors plus a LIFO store.
  const rollout w{inputs(8), 50};
  tangent::segment_schedule seg(w.steps);
  tangent::snapshots<vec> snaps;
  vec s(w.x.size(), 0.0);
  for (step_index i = 0; i < w.steps; ++i) {
    if (seg.stores_before(i))
      snaps.push(s);
    w.advance(s, i, i + 1);
  }
  EXPECT_EQ(snaps.size(), 7u); // L = ceil(sqrt(50)) = 8: ceil(50 / 8)
  vec d_s(w.x.size(), 1.0), d_x(w.x.size(), 0.0);
  for (auto k = seg.count(); k-- > 0;) {
    s = snaps.pop();
    w.reverse(s, seg.begin(k), seg.end(k), d_s, d_x);
  }
  EXPECT_TRUE(snaps.empty());
  EXPECT_EQ(d_x, w.full_tape_gradient());
}

TEST(ReverseLoop, SegmentPeakIsSnapshotsPlusOneSegment) {
  // W1-shaped at a smaller size: N = 100, T = 400, L = 20: 20 snapshots of
  // 800 bytes + a tape of 20 x 100 doubles.
  const rollout w{inputs(100), 400};
  tangent::thread_tape().clear();
  tangent::stats::reset();
  const std::size_t before = tangent::stats::current_bytes();
  tangent::segment_schedule s(400);
  (void)w.checkpointed_gradient(s);
  const std::size_t peak = tangent::stats::peak_bytes() - before;
  EXPECT_GE(peak, 19u * 800 + 20 * 800);
  EXPECT_LE(peak, 20u * 800 + 20 * 800 + tangent::tape::block_bytes);
}

/// W3-shaped fixed point: while (err > tol) { next = 0.5 tanh(0.9 s + x);
/// err = sum |next - s|; s = next; }, loss sum s^2. The trip count is
/// unknown in advance: online checkpointing driven from a while loop.
struct fixed_point {
  vec x;
  double tol;

  static double step(vec &s, const vec &x, tangent::tape *tp) {
    double err = 0;
    for (std::size_t j = 0; j < s.size(); ++j) {
      const double y = std::tanh(0.9 * s[j] + x[j]);
      if (tp)
        tp->push(y);
      const double next = 0.5 * y;
      err += std::abs(next - s[j]);
      s[j] = next;
    }
    return err;
  }
  static void adjoint(vec &d_s, vec &d_x, tangent::tape &tp) {
    for (std::size_t j = d_s.size(); j-- > 0;) {
      const double y = tp.pop<double>();
      const double d_u = d_s[j] * 0.5 * (1 - y * y);
      d_x[j] += d_u;
      d_s[j] = d_u * 0.9;
    }
  }
  vec full_tape_gradient(step_index &iterations) const {
    tangent::tape &tp = tangent::thread_tape();
    vec s(x.size(), 0.0);
    iterations = 0;
    for (double err = 1; err > tol; ++iterations)
      err = step(s, x, &tp);
    vec d_s(s.size()), d_x(s.size(), 0.0);
    for (std::size_t j = 0; j < s.size(); ++j)
      d_s[j] = 2 * s[j];
    for (step_index i = iterations; i-- > 0;)
      adjoint(d_s, d_x, tp);
    return d_x;
  }
  vec online_gradient(step_index budget, step_index &iterations) const {
    tangent::checkpointed_reversal<vec, tangent::online_schedule> ck(
        tangent::online_schedule{budget});
    vec s(x.size(), 0.0);
    step_index i = 0;
    for (double err = 1; err > tol; ++i) {
      ck.before(i, s);
      err = step(s, x, nullptr);
    }
    ck.finish(i);
    iterations = i;
    EXPECT_LE(ck.snapshots().size(), static_cast<std::size_t>(2 * budget));
    vec d_s(s.size()), d_x(s.size(), 0.0);
    for (std::size_t j = 0; j < s.size(); ++j)
      d_s[j] = 2 * s[j];
    ck.reverse(
        s,
        [&](vec &state, step_index b, step_index e) {
          for (step_index t = b; t < e; ++t)
            step(state, x, nullptr);
        },
        [&](vec &state, step_index b, step_index e) {
          tangent::tape &tp = tangent::thread_tape();
          for (step_index t = b; t < e; ++t)
            step(state, x, &tp);
          for (step_index t = e; t-- > b;)
            adjoint(d_s, d_x, tp);
        });
    EXPECT_TRUE(ck.snapshots().empty());
    return d_x;
  }
};

TEST(CheckpointedReversal, OnlineWhileLoopIsBitwiseFullTape) {
  const fixed_point w{inputs(50), 1e-10};
  step_index full_iterations = 0, online_iterations = 0;
  const vec expected = w.full_tape_gradient(full_iterations);
  for (step_index budget : {1, 3, 8}) {
    const vec got = w.online_gradient(budget, online_iterations);
    EXPECT_EQ(online_iterations, full_iterations);
    EXPECT_GT(online_iterations, 20);
    for (std::size_t j = 0; j < got.size(); ++j)
      ASSERT_EQ(got[j], expected[j]) << "budget " << budget << ", j = " << j;
  }
  EXPECT_TRUE(tangent::thread_tape().empty());
}

TEST(CheckpointedReversal, BeforeWithBuildsTheStateOnlyWhenStored) {
  // The loop-carried state is two variables; the snapshot is a tuple of
  // copies made only when the schedule stores one.
  using state = std::tuple<double, int>;
  tangent::checkpointed_reversal<state, tangent::online_schedule> ck(
      tangent::online_schedule{2});
  double x = 1.0;
  int count = 0;
  int made = 0;
  step_index i = 0;
  for (; x < 1000; ++i) {
    ck.before_with(i, [&] {
      ++made;
      return state{x, count};
    });
    x *= 1.5;
    ++count;
  }
  ck.finish(i);
  EXPECT_EQ(i, 18);
  EXPECT_EQ(made, 9); // stores before 0 1 2 3 4 6 8 12 16
  EXPECT_LE(ck.snapshots().size(), 4u);
  std::vector<step_index> reversed;
  state current{};
  ck.reverse(
      current,
      [](state &s, step_index b, step_index e) {
        for (step_index t = b; t < e; ++t) {
          std::get<0>(s) *= 1.5;
          ++std::get<1>(s);
        }
      },
      [&](state &s, step_index b, step_index e) {
        EXPECT_EQ(std::get<1>(s), b); // the right state
        for (step_index t = e; t-- > b;)
          reversed.push_back(t);
      });
  ASSERT_EQ(static_cast<step_index>(reversed.size()), i);
  for (std::size_t k = 0; k < reversed.size(); ++k)
    EXPECT_EQ(reversed[k], i - 1 - static_cast<step_index>(k));
  EXPECT_TRUE(ck.snapshots().empty());
}

TEST(PerformActions, DrivesAnySchedule) {
  // perform_actions over the reverse phase of a schedule whose forward
  // phase was run by hand.
  tangent::segment_schedule s(6, 2);
  tangent::snapshot_slots<int> slots;
  int state = 0; // state_i == i
  for (step_index i = 0; i < 6; ++i) {
    s.forward(i);
    for (tangent::action a; s.next(a);)
      slots.store(a.slot, state);
    ++state;
  }
  s.finish(6);
  std::vector<step_index> reversed;
  tangent::perform_actions(
      s, slots, state, [](int &, step_index, step_index) { FAIL(); },
      [&](int &st, step_index b, step_index e) {
        EXPECT_EQ(st, b);
        for (step_index t = e; t-- > b;)
          reversed.push_back(t);
      });
  EXPECT_EQ(reversed, (std::vector<step_index>{5, 4, 3, 2, 1, 0}));
  EXPECT_TRUE(slots.empty());
}

} // namespace
