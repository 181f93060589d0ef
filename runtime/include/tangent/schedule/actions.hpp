//===- tangent/schedule/actions.hpp - schedule protocol ---------*- C++ -*-===//
///
/// \file
/// The protocol between checkpoint schedules, which decide which loop
/// states to keep and how to reverse a loop from them (segment.hpp,
/// online.hpp, binomial.hpp), and the drivers that carry their decisions out
/// (driver.hpp, or generated code).
///
/// Model
/// -----
/// A loop of n iterations: step i maps state_i to state_{i+1}, i in [0, n).
/// Reversing the loop means running, for every i from n-1 down to 0, the
/// adjoint of step i from the correct state_i, exactly once each, in
/// decreasing order of i. A schedule decides; a *driver* (generated code, or
/// `tangent::reverse_loop` / `tangent::checkpointed_reversal` of driver.hpp)
/// holds one *current state* and a slot store
/// (`tangent::snapshot_slots<State>`) and performs the schedule's actions.
///
/// Actions (`tangent::action`)
/// ---------------------------
///   store(slot, i)     copy the current state, which is state_i, into `slot`
///                      (the slot is empty). The store owns the copy.
///   restore(slot, i)   current state := a copy of the state_i in `slot`; the
///                      slot keeps it.
///   free(slot, i)      drop the state_i held by `slot` (its memory is freed
///                      and un-counted now); the slot may be handed out again.
///   advance(b, e)      the current state is state_b: run steps b..e-1
///                      untaped; the current state becomes state_e. These are
///                      the recomputations a schedule costs.
///   reverse(b, e)      the current state is state_b: run steps b..e-1 taped,
///                      then their adjoints from e-1 down to b, consuming
///                      exactly the tape they recorded. Afterwards the
///                      current state is unspecified (the next action that
///                      needs it is a restore).
/// For store/restore/free, `begin == end == i` (the state's index); for
/// advance/reverse, [begin, end) are the steps.
///
/// Protocol: two phases
/// --------------------
/// 1. Forward phase: the primal loop itself, untaped. Before running
///    iteration i (i = 0, 1, 2, ... in order, the current state is state_i)
///    call `schedule.forward(i)`, then perform the actions of
///    `schedule.next(a)` until it returns false: only store and free occur
///    here. When the loop has run, call `schedule.finish(n)` with its trip
///    count (a counted schedule checks it; the online schedule learns it).
///    Whatever follows the loop (its forward and its reverse sweep, which
///    produce the adjoint of state_n) runs between the phases.
/// 2. Reverse phase: perform the actions of `schedule.next(a)` until it
///    returns false. Every step is reversed exactly once, in decreasing
///    order; the phase begins with a restore (the current state is state_n,
///    which no reversal needs), and every slot is freed by its end.
///
/// Who stores and frees: the driver, and only when told; the schedule hands
/// out slot numbers (dense, from 0, freed ones reused), so a slot store of
/// `max_snapshots()` entries never grows. A schedule object is used once.
/// Misuse of the protocol (forward indices out of order, a wrong trip count)
/// throws `std::logic_error`.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SCHEDULE_ACTIONS_HPP
#define TANGENT_SCHEDULE_ACTIONS_HPP

#include "tangent/detail/arguments.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tangent {

/// Iteration indices and counts of schedules.
using step_index = std::int64_t;

/// What a schedule asks its driver to do (see the file comment).
enum class action_kind : unsigned char {
  store,
  restore,
  free,
  advance,
  reverse
};

/// One action: `slot` for store/restore/free; [begin, end) the steps of
/// advance/reverse, or begin == end == the state's index for the others.
struct action {
  action_kind kind = action_kind::store;
  std::size_t slot = 0;
  step_index begin = 0;
  step_index end = 0;
};

/// "store", "restore", "free", "advance" or "reverse".
inline const char *to_string(action_kind kind) noexcept {
  switch (kind) {
  case action_kind::store:
    return "store";
  case action_kind::restore:
    return "restore";
  case action_kind::free:
    return "free";
  case action_kind::advance:
    return "advance";
  case action_kind::reverse:
    return "reverse";
  }
  return "?";
}

namespace detail {

/// Hands out dense slot numbers, reusing freed ones.
class slot_pool {
public:
  std::size_t acquire() {
    ++in_use_;
    peak_ = std::max(peak_, in_use_);
    if (!free_.empty()) {
      const std::size_t slot = free_.back();
      free_.pop_back();
      return slot;
    }
    return next_++;
  }
  void release(std::size_t slot) {
    --in_use_;
    free_.push_back(slot);
  }
  std::size_t in_use() const noexcept { return in_use_; }
  std::size_t peak() const noexcept { return peak_; }

private:
  std::vector<std::size_t> free_;
  std::size_t next_ = 0;
  std::size_t in_use_ = 0;
  std::size_t peak_ = 0;
};

/// A FIFO of pending actions; storage is reused once drained.
class action_queue {
public:
  void push(const action &a) { items_.push_back(a); }
  bool pop(action &a) {
    if (head_ == items_.size()) {
      items_.clear();
      head_ = 0;
      return false;
    }
    a = items_[head_++];
    return true;
  }

private:
  std::vector<action> items_;
  std::size_t head_ = 0;
};

inline action make_state_action(action_kind kind, std::size_t slot,
                                step_index at) {
  return action{kind, slot, at, at};
}
inline action make_step_action(action_kind kind, step_index begin,
                               step_index end) {
  return action{kind, 0, begin, end};
}

/// Forward-phase bookkeeping shared by the schedules.
class forward_tracker {
public:
  void at(step_index i, const char *schedule) {
    require_protocol(!finished_, schedule, "forward() after finish()");
    require_protocol(i == next_, schedule,
                     "forward(" + std::to_string(i) +
                         ") out of order, expected " + std::to_string(next_));
    ++next_;
  }
  void finish(step_index n, const char *schedule) {
    require_protocol(!finished_, schedule, "finish() called twice");
    require_protocol(n == next_, schedule,
                     "finish(" + std::to_string(n) + ") after " +
                         std::to_string(next_) + " forward() calls");
    finished_ = true;
  }
  bool finished() const noexcept { return finished_; }

private:
  step_index next_ = 0;
  bool finished_ = false;
};

} // namespace detail

} // namespace tangent

#endif // TANGENT_SCHEDULE_ACTIONS_HPP
