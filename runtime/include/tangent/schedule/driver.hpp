//===- tangent/schedule/driver.hpp - schedule drivers -----------*- C++ -*-===//
///
/// \file
/// Drivers that carry out any schedule's actions (see actions.hpp) on a
/// `tangent::snapshot_slots` store: `perform_actions` (one phase),
/// `checkpointed_reversal` (a schedule with its snapshots, for loops that
/// run their own forward sweep) and `reverse_loop` (both phases).
///
/// Driving the online schedule from generated code (a while loop; the state
/// may be built only when stored):
/// \code
///   using ck_t = tangent::checkpointed_reversal<State,
///                                               tangent::online_schedule>;
///   ck_t ck(tangent::online_schedule(budget));
///   tangent::step_index i = 0;
///   for (; cond(s); ++i) {
///     ck.before_with(i, [&] { return State{s}; });  // or ck.before(i, s)
///     body(s);
///   }
///   ck.finish(i);
///   ...                                    // after the loop, and its adjoint
///   ck.reverse(s, advance, reverse);
/// \endcode
/// where `advance(s, b, e)` runs steps [b, e) untaped and `reverse(s, b, e)`
/// runs them taped and then their adjoints (for online, always one step).
/// A loop whose forward sweep can be run by `advance` can use
/// `tangent::reverse_loop(schedule, s, n, advance, reverse, after_loop)`,
/// which does both phases; `tangent::perform_actions` performs one phase of
/// any schedule on a `snapshot_slots` store.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SCHEDULE_DRIVER_HPP
#define TANGENT_SCHEDULE_DRIVER_HPP

#include "tangent/detail/arguments.hpp"
#include "tangent/schedule/actions.hpp"
#include "tangent/snapshots.hpp"

#include <utility>

namespace tangent {

namespace detail {
/// Performs one action of a schedule whose step 0 is iteration `offset`
/// of the loop, on a snapshot store (snapshot_slots, spill_slots).
template <class Slots, class State, class Advance, class Reverse>
void perform_shifted(const action &a, Slots &slots, State &state,
                     Advance &advance, Reverse &reverse, step_index offset) {
  switch (a.kind) {
  case action_kind::store:
    slots.store(a.slot, state);
    break;
  case action_kind::restore:
    slots.restore(a.slot, state);
    break;
  case action_kind::free:
    slots.free(a.slot);
    break;
  case action_kind::advance:
    advance(state, a.begin + offset, a.end + offset);
    break;
  case action_kind::reverse:
    reverse(state, a.begin + offset, a.end + offset);
    break;
  }
}

/// The forward phase before step i: the schedule's stores of `make()` (the
/// state, built only when stored) and frees, on a snapshot store.
template <class Schedule, class Slots, class Make>
void forward_with(Schedule &schedule, Slots &slots, step_index i, Make &make) {
  schedule.forward(i);
  for (action a; schedule.next(a);) {
    if (a.kind == action_kind::store)
      slots.store(a.slot, make());
    else
      slots.free(a.slot);
  }
}
} // namespace detail

/// Performs the actions `schedule.next()` yields until it yields none:
/// store/restore/free on `slots`, `advance(state, begin, end)` and
/// `reverse(state, begin, end)` for the others.
template <class State, class Schedule, class Advance, class Reverse>
void perform_actions(Schedule &schedule, snapshot_slots<State> &slots,
                     State &state, Advance &&advance, Reverse &&reverse) {
  for (action a; schedule.next(a);)
    detail::perform_shifted(a, slots, state, advance, reverse, 0);
}

/// A schedule together with the snapshots it decides on, for drivers whose
/// forward loop is their own (a while-loop, generated code): call
/// `before(i, state)` at the top of every iteration, `finish(n)` after the
/// loop, and later `reverse(state, advance, reverse)`.
template <class State, class Schedule> class checkpointed_reversal {
public:
  explicit checkpointed_reversal(Schedule schedule)
      : schedule_(std::move(schedule)) {}

  /// Forward phase: `state` is state_i, iteration i is about to run.
  void before(step_index i, const State &state) {
    schedule_.forward(i);
    for (action a; schedule_.next(a);) {
      if (a.kind == action_kind::store)
        slots_.store(a.slot, state);
      else
        slots_.free(a.slot);
    }
  }

  /// The same, for drivers whose loop-carried state is not one object:
  /// `make()` builds the state (a tuple of copies, say) and is called only
  /// when the schedule stores it.
  template <class Make> void before_with(step_index i, Make &&make) {
    detail::forward_with(schedule_, slots_, i, make);
  }

  /// End of the forward phase after n iterations.
  void finish(step_index n) { schedule_.finish(n); }

  /// Reverse phase: `advance(state, b, e)` runs steps [b, e) untaped,
  /// `reverse(state, b, e)` runs them taped and then their adjoints.
  template <class Advance, class Reverse>
  void reverse(State &state, Advance &&advance, Reverse &&reverse) {
    perform_actions(schedule_, slots_, state, advance, reverse);
  }

  const Schedule &schedule() const noexcept { return schedule_; }
  const snapshot_slots<State> &snapshots() const noexcept { return slots_; }

private:
  Schedule schedule_;
  snapshot_slots<State> slots_;
};

namespace detail {
struct no_turn {
  template <class State> void operator()(State &) const noexcept {}
};
} // namespace detail

/// Runs and reverses a loop of n steps from `state` (state_0) under
/// `schedule`: the forward phase with `advance(state, b, e)` (called for
/// the runs of steps between stores), then `turn(state)` with state_n (the
/// code after the loop and its adjoint), then the reverse phase with
/// `advance` and `reverse(state, b, e)`. Snapshots are counted in
/// `tangent::stats` and freed by the end.
template <class State, class Schedule, class Advance, class Reverse,
          class Turn = detail::no_turn>
void reverse_loop(Schedule &schedule, State &state, step_index n,
                  Advance &&advance, Reverse &&reverse, Turn &&turn = {}) {
  detail::require_argument(n >= 0, "tangent::reverse_loop", "n", "must be >= 0",
                           n);
  snapshot_slots<State> slots;
  step_index reached = 0; // state == state_reached
  for (step_index i = 0; i < n; ++i) {
    schedule.forward(i);
    for (action a; schedule.next(a);) {
      if (reached < i) {
        advance(state, reached, i);
        reached = i;
      }
      if (a.kind == action_kind::store)
        slots.store(a.slot, state);
      else
        slots.free(a.slot);
    }
  }
  if (reached < n)
    advance(state, reached, n);
  schedule.finish(n);
  turn(state);
  perform_actions(schedule, slots, state, advance, reverse);
}

} // namespace tangent

#endif // TANGENT_SCHEDULE_DRIVER_HPP
