//===- tangent/schedule/budget_while.hpp - while loops under a budget -----===//
///
/// \file
/// `tangent::options{.memory_budget = bytes}` for a loop whose trip count
/// is known only when it ends (`while`, `do`, `break`): its iterations are
/// taped as long as the call's budget keeps room, after the next
/// iteration's tape, for online checkpointing with the preferred snapshot
/// budget B (options.budget, or `[[tangent::checkpoint(B)]]`): 3 B
/// snapshots, one iteration's tape and one 4 KiB accounting block. Then the
/// loop switches, for the iterations left, to online checkpointing
/// (tangent::online_schedule) with as many snapshots as the bytes left hold (at
/// least B), in memory; if not even one snapshot fits, with B snapshots spilled
/// to files (tangent::spill_slots).
///
/// The iteration tape is measured (the largest seen), the state's size on
/// the first iteration and again at the switch. A loop that ends while it
/// is taped reports `full_tape`. The online part replays one iteration at a
/// time, so beyond the budget (or what the call held when the loop began,
/// if more) the call holds at most the tape of one taped iteration larger
/// than every one before it, and the replayed iteration.
///
/// Generated code (codegen/LoopBudgetWhile.cpp):
/// \code
///   auto *ck = tangent::detail::adopt(new budgeted_while<S>(where, B));
///   step_index k = 0;
///   while (cond) {
///     if (ck->tapes()) { b = tape.size_bytes(); taped iteration;
///                        ck->taped(k, tape.size_bytes() - b, make);
///                        if (!ck->tapes()) record the exit values,
///                                          ck->saved(their bytes); }
///     else { ck->before_with(k, make); untaped iteration; }
///     ++k;
///   }
///   ck->finish(k);
///   ...
///   ck->begin_reverse();
///   ck->reverse(state, advance, reverse);     // the online part, if any
///                                             // (its replays measured by
///                                             // ck->replayed(bytes))
///   for (k = ck->taped_steps(); k-- > 0;) reverse iteration;
///   tangent::detail::release(ck);
/// \endcode
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SCHEDULE_BUDGET_WHILE_HPP
#define TANGENT_SCHEDULE_BUDGET_WHILE_HPP

#include "tangent/schedule/actions.hpp"
#include "tangent/schedule/budget.hpp"
#include "tangent/schedule/online.hpp"
#include "tangent/snapshots.hpp"
#include "tangent/spill.hpp"
#include "tangent/tape.hpp"

#include <algorithm>
#include <memory>
#include <optional>

namespace tangent {

/// The reversal of one loop of unknown trip count under the call's budget.
template <class State> class budgeted_while : public detail::owned_reversal {
public:
  budgeted_while(const char *loop, step_index preferred_budget)
      : loop_(loop), preferred_(std::max<step_index>(1, preferred_budget)) {
    watch_.begin();
  }
  ~budgeted_while() override {
    watch_.end();
    if (loop_strategy *r = detail::strategy_record(record_)) {
      r->peak_bytes = std::max(r->peak_bytes, watch_.peak());
      r->largest_step_tape_bytes = largest_;
    }
  }

  /// Whether the next iteration is taped.
  bool tapes() const noexcept { return !schedule_; }
  /// The iterations taped in the forward sweep: 0..taped_steps()-1.
  step_index taped_steps() const noexcept { return taped_; }

  /// After taped iteration k: `step_bytes` its tape, `make()` the state.
  template <class Make>
  void taped(step_index k, std::size_t step_bytes, Make &&make) {
    taped_ = k + 1;
    step_ = std::max(step_, step_bytes);
    largest_ = std::max(largest_, step_bytes);
    last_ = step_bytes;
    if (k == 0)
      state_ = state_bytes(make());
    const std::size_t left = detail::budget_left();
    // Room for the next iteration, online checkpointing with the preferred
    // budget (3 B snapshots and one iteration's replay), and the tape's
    // accounting block (taped bytes are counted a block at a time).
    const std::size_t online =
        2 * step_ + 3 * state_ * static_cast<std::size_t>(preferred_) +
        tape::block_bytes;
    if (left >= online)
      return;
    state_ = state_bytes(make());
    const std::size_t room = left > step_ ? left - step_ : 0;
    // Snapshots that fit next to one iteration's tape (an empty state: as
    // many as the preferred budget uses).
    const std::size_t fit =
        state_ == 0 ? 3 * static_cast<std::size_t>(preferred_) : room / state_;
    step_index budget = preferred_;
    std::size_t ram = 0;
    if (fit >= 3) {
      kind_ = loop_strategy_kind::online;
      budget = static_cast<step_index>(
          std::min<std::size_t>(fit / 3, std::size_t{1} << 16));
      ram = 3 * static_cast<std::size_t>(budget);
    } else {
      kind_ = loop_strategy_kind::online_spilled;
      ram = fit;
    }
    snapshots_ = 3 * static_cast<std::size_t>(budget);
    ram_ = std::min(ram, snapshots_);
    left_ = left;
    schedule_.emplace(budget);
    // Memory for ram_ states of the size measured now: a state that grows
    // beyond goes to a file.
    slots_ = std::make_unique<spill_slots<State>>(ram_, ram_ * state_);
  }

  /// Before untaped iteration k (k >= taped_steps()).
  template <class Make> void before_with(step_index k, Make &&make) {
    detail::forward_with(*schedule_, *slots_, k - taped_, make);
  }

  /// After the loop (n iterations); reports the choice.
  void finish(step_index n) {
    if (schedule_)
      schedule_->finish(n - taped_);
    loop_strategy s;
    s.loop = loop_;
    s.kind = kind_;
    s.trip_count = n;
    s.taped_steps = taped_;
    s.snapshots = schedule_ ? snapshots_ : 0;
    s.ram_snapshots = schedule_ ? ram_ : 0;
    s.state_bytes = state_;
    s.step_tape_bytes = step_;
    s.budget_bytes = schedule_ ? left_ : detail::budget_left();
    s.largest_step_tape_bytes = largest_;
    s.held_bytes = watch_.held();
    watch_.end();
    s.peak_bytes = watch_.peak();
    if (detail::budget_now != nullptr) {
      record_ = detail::budget_now->strategies.size();
      detail::budget_now->strategies.push_back(s);
    }
  }

  /// At the switch: the exit values were recorded after the last taped
  /// iteration, in `bytes`; they count with its tape.
  void saved(std::size_t bytes) noexcept {
    largest_ = std::max(largest_, last_ + bytes);
  }

  /// Before the reverse sweep reverses the loop.
  void begin_reverse() { watch_.begin(); }

  /// In a replay of the reverse sweep: an iteration, replayed taped,
  /// recorded `step_bytes` (for largest_step_tape_bytes).
  void replayed(std::size_t step_bytes) noexcept {
    largest_ = std::max(largest_, step_bytes);
  }

  /// Reverses the untaped iterations (taped_steps()..n-1), if any:
  /// `advance(state, b, e)` runs iterations [b, e) untaped,
  /// `reverse(state, b, e)` taped and then their adjoints.
  template <class Advance, class Reverse>
  void reverse(State &state, Advance &&advance, Reverse &&reverse) {
    if (!schedule_)
      return;
    step_index advanced = 0;
    auto counted = detail::counting(advance, advanced);
    for (action a; schedule_->next(a);)
      detail::perform_shifted(a, *slots_, state, counted, reverse, taped_);
    if (loop_strategy *r = detail::strategy_record(record_))
      r->advanced_steps += advanced;
  }

private:
  const char *loop_;
  std::size_t record_ = static_cast<std::size_t>(-1);
  step_index preferred_;
  step_index taped_ = 0;
  std::size_t step_ = 0, state_ = 0, snapshots_ = 0, ram_ = 0, left_ = 0;
  std::size_t largest_ = 0; ///< the largest iteration tape, replays too
  std::size_t last_ = 0;    ///< the last taped iteration's
  detail::loop_watch watch_;
  loop_strategy_kind kind_ = loop_strategy_kind::full_tape;
  std::optional<online_schedule> schedule_;
  std::unique_ptr<spill_slots<State>> slots_;
};

} // namespace tangent

#endif // TANGENT_SCHEDULE_BUDGET_WHILE_HPP
