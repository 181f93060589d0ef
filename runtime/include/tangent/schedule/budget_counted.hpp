//===- tangent/schedule/budget_counted.hpp - counted loops under a budget -===//
///
/// \file
/// `tangent::budgeted_reversal`: a counted loop under
/// `options.memory_budget` (the plans, the per-call frame and the reports
/// are in budget.hpp). Iteration 0 runs taped and decides; every later
/// taped iteration is measured and may have the rest planned again; a
/// replay of several iterations in the reverse sweep may stop taping and
/// hand the rest to a binomial reversal one iteration at a time. The
/// generated code that drives it (codegen/LoopBudget.cpp) is sketched at
/// the top of budget.hpp.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SCHEDULE_BUDGET_COUNTED_HPP
#define TANGENT_SCHEDULE_BUDGET_COUNTED_HPP

#include "tangent/schedule/binomial.hpp"
#include "tangent/schedule/budget.hpp"
#include "tangent/schedule/driver.hpp"
#include "tangent/schedule/segment.hpp"
#include "tangent/snapshots.hpp"
#include "tangent/spill.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <utility>
#include <variant>
#include <vector>

namespace tangent {

/// The reversal of one loop of n iterations under the call's budget.
///
/// The iterations fall into *parts*, in order: runs taped in the forward
/// sweep and runs reversed by a schedule of their own. Iteration 0 is
/// taped and measured, then the first plan (plan_loop) splits the rest
/// into a scheduled run and a taped tail (one of them may be empty). An
/// iteration of a taped run after which the rest of the run would outgrow
/// what its plan allowed, were each iteration like it (it records more than
/// the plan assumed: a vector that was empty in iteration 0, a tape that
/// grows with the iteration), ends the plan: the iterations after it are
/// planned again with the largest iteration tape seen and the bytes left.
/// A replay of several iterations in the reverse sweep (a segment) that
/// would outgrow its plan's run stops taping; the iterations after it are
/// then reversed one at a time by a binomial schedule from the state it
/// reached (reverse_rest), before the iterations it taped. So beyond the
/// budget (or what the call held when the loop began, if more) the call
/// holds at most one iteration's tape recorded before it could be known
/// too large and the iteration being replayed (docs/checkpointing.md).
template <class State> class budgeted_reversal : public detail::owned_reversal {
public:
  budgeted_reversal(const char *loop, step_index n) : loop_(loop), n_(n) {
    parts_.push_back(part{0, n, false});
    watch_.begin();
  }
  ~budgeted_reversal() override {
    watch_.end();
    if (loop_strategy *r = detail::strategy_record(record_)) {
      r->peak_bytes = std::max(r->peak_bytes, watch_.peak());
      r->largest_step_tape_bytes = largest_;
    }
  }

  /// The loop's trip count n.
  step_index trip_count() const noexcept { return n_; }

  // --- the forward sweep ------------------------------------------------

  /// Whether iteration k runs taped in the forward sweep.
  bool tapes(step_index k) const noexcept {
    return k < scheduled_begin_ || k >= scheduled_end_;
  }

  /// After taped iteration k, which recorded `step_bytes`; `make()` builds
  /// the state after it (measured when a plan is made, not kept). True when
  /// the next iteration is not taped: the caller then records what the
  /// reverse of iteration k reads and no snapshot restores (the exit
  /// values), and restores it before that reverse (part_saved()).
  template <class Make>
  bool taped(step_index k, std::size_t step_bytes, Make &&make) {
    largest_ = std::max(largest_, step_bytes);
    last_ = step_bytes;
    ++taped_steps_;
    if (!decided_) {
      decided_ = true;
      return plan_from(k + 1, make, true);
    }
    run_bytes_ += step_bytes;
    if (k + 1 >= n_ || trusts_first_plan())
      return false;
    // The rest of this taped run (it goes on to the loop's end), if each
    // iteration records what this one did, or what the plan assumed if
    // more: planned again if it would outgrow what the plan allowed.
    const std::size_t per = std::max(step_bytes, run_step_);
    const auto rest = static_cast<std::size_t>(n_ - k - 1);
    if (run_bytes_ <= run_limit_ &&
        (per == 0 || rest <= (run_limit_ - run_bytes_) / per))
      return false;
    ++replans_;
    return plan_from(k + 1, make, false);
  }

  /// Before iteration k when it is not taped: the schedule's stores.
  template <class Make> void before_with(step_index k, Make &&make) {
    part &p = parts_[scheduled_part_];
    std::visit(
        [&](auto &s) { detail::forward_with(s, *p.slots, k - p.begin, make); },
        p.schedule);
  }

  /// After the loop (n iterations: the trip count given at construction).
  void finish(step_index /*n*/) {
    for (part &p : parts_)
      if (p.scheduled)
        std::visit([&](auto &s) { s.finish(p.end - p.begin); }, p.schedule);
    watch_.end();
    if (loop_strategy *r = detail::strategy_record(record_)) {
      r->taped_steps = taped_steps_;
      r->largest_step_tape_bytes = largest_;
      r->replans = replans_;
      r->peak_bytes = watch_.peak();
    }
  }

  // --- the reverse sweep ------------------------------------------------

  /// Before the reverse sweep reverses the loop.
  void begin_reverse() {
    next_part_ = parts_.size();
    watch_.begin();
  }
  /// Moves to the part before the current one (from the last); false when
  /// every part is reversed.
  bool next_part() noexcept {
    if (next_part_ == 0)
      return false;
    --next_part_;
    return true;
  }
  /// The current part: reversed by reverse(), or taped in the forward
  /// sweep and reversed in place, iterations part_end()-1 down to
  /// part_begin(), after the exit values recorded after it are restored
  /// if part_saved().
  bool part_scheduled() const noexcept { return parts_[next_part_].scheduled; }
  bool part_saved() const noexcept { return parts_[next_part_].saved; }
  step_index part_begin() const noexcept { return parts_[next_part_].begin; }
  step_index part_end() const noexcept { return parts_[next_part_].end; }

  /// Reverses the current part, a scheduled one: `advance(state, b, e)`
  /// runs iterations [b, e) untaped, `reverse(state, b, e)` replays them
  /// taped (calling replayed() after each, and reverse_rest() if it says
  /// stop) and then reverses them.
  template <class Advance, class Reverse>
  void reverse(State &state, Advance &&advance, Reverse &&reverse) {
    part &p = parts_[next_part_];
    step_index advanced = 0;
    auto counted = detail::counting(advance, advanced);
    advance_now_ = [&](State &s, step_index b, step_index e) {
      counted(s, b, e);
    };
    reverse_now_ = [&](State &s, step_index b, step_index e) {
      reverse(s, b, e);
    };
    run_limit_ = p.run_limit;
    run_step_ = p.run_step;
    std::visit(
        [&](auto &s) {
          for (action a; s.next(a);)
            detail::perform_shifted(a, *p.slots, state, counted, reverse,
                                    p.begin);
        },
        p.schedule);
    p.slots.reset();
    advance_now_ = nullptr;
    reverse_now_ = nullptr;
    if (loop_strategy *r = detail::strategy_record(record_)) {
      r->advanced_steps += advanced;
      r->largest_step_tape_bytes = largest_;
      r->split_replays = splits_;
    }
  }

  /// In a replay of iterations [b, e): iteration k, replayed taped,
  /// recorded `step_bytes`. True when the replay should stop taping after
  /// k: the iterations after it would outgrow the run its plan allowed.
  bool replayed(step_index b, step_index k, step_index e,
                std::size_t step_bytes) noexcept {
    largest_ = std::max(largest_, step_bytes);
    last_ = step_bytes;
    if (k == b)
      replay_bytes_ = replay_largest_ = 0;
    replay_bytes_ += step_bytes;
    replay_largest_ = std::max(replay_largest_, step_bytes);
    if (k + 1 >= e || trusts_first_plan())
      return false;
    const std::size_t next = std::max(run_step_, replay_largest_);
    return replay_bytes_ > run_limit_ || next > run_limit_ - replay_bytes_;
  }

  /// The exit values were recorded after the last iteration taped or
  /// replayed, in `bytes`: they count with that iteration's tape (held as
  /// long as it is).
  void saved(std::size_t bytes) noexcept {
    largest_ = std::max(largest_, last_ + bytes);
  }

  /// After a replay stopped (replayed() said so): reverses iterations
  /// [b, e) from `state`, state_b, one at a time, by binomial
  /// checkpointing with the snapshots that fit in the bytes left (the
  /// others in files), with the callbacks of the running reverse().
  void reverse_rest(State &state, step_index b, step_index e) {
    ++splits_;
    const step_index m = e - b;
    const std::size_t bytes = state_bytes(state);
    const budget_plan plan =
        plan_binomial(m, bytes, largest_, detail::budget_left());
    binomial_schedule schedule(m, plan.snapshots, true);
    spill_slots<State> slots(plan.ram_snapshots, plan.ram_snapshots * bytes);
    step_index reached = 0; // state is state_{b + reached}
    for (step_index i = 0; i < m; ++i) {
      schedule.forward(i);
      for (action a; schedule.next(a);) {
        if (reached < i) {
          advance_now_(state, b + reached, b + i);
          reached = i;
        }
        if (a.kind == action_kind::store)
          slots.store(a.slot, state);
        else
          slots.free(a.slot);
      }
    }
    schedule.finish(m);
    for (action a; schedule.next(a);)
      detail::perform_shifted(a, slots, state, advance_now_, reverse_now_, b);
  }

  /// The first plan (after iteration 0).
  const budget_plan &plan() const noexcept { return first_; }

private:
  /// Iterations [begin, end): taped in the forward sweep, or reversed by
  /// `schedule` (steps shifted by `begin`) from the snapshots in `slots`.
  struct part {
    part(step_index b, step_index e, bool s) : begin(b), end(e), scheduled(s) {}
    step_index begin = 0, end = 0;
    bool scheduled = false;
    /// Taped, followed by a scheduled part: the exit values were recorded
    /// after it.
    bool saved = false;
    std::size_t run_limit = 0, run_step = 0; ///< replays of several steps
    std::variant<segment_schedule, binomial_schedule> schedule{
        std::in_place_type<segment_schedule>, 0};
    std::unique_ptr<spill_slots<State>> slots;
  };

  /// Under TANGENT_TESTING_FAULT_BUDGET, defined only by a control test of
  /// the strategy matrix (test/strategies/CMakeLists.txt), the first plan
  /// is trusted whatever later iterations record: the peak that the
  /// matrix's bound check must report.
  static constexpr bool trusts_first_plan() noexcept {
#ifdef TANGENT_TESTING_FAULT_BUDGET
    return true;
#else
    return false;
#endif
  }

  /// Plans iterations [from, n) from the bytes left; true when iteration
  /// `from` is not taped (a scheduled part begins there).
  template <class Make>
  bool plan_from(step_index from, Make &make, bool first) {
    const std::size_t left = detail::budget_left();
    // A full tape needs no snapshot: the state is not built (a tape that
    // grows with every iteration plans again after each).
    const auto steps = static_cast<std::size_t>(n_ - from);
    const bool all_taped =
        !first && (largest_ == 0 || steps <= left / largest_);
    const std::size_t state = all_taped ? 0 : state_bytes(make());
    const budget_plan p = plan_loop(n_ - from, state, largest_, left);
    if (first)
      record(p, state, left);
    run_bytes_ = 0;
    run_limit_ = p.run_bytes;
    run_step_ = largest_;
    const step_index tail_from =
        p.kind == loop_strategy_kind::full_tape ? from : n_ - p.tail;
    if (tail_from == from)
      return false; // the taped part goes on
    parts_.back().end = from;
    parts_.back().saved = true;
    part s{from, tail_from, true};
    s.run_limit = p.run_bytes;
    s.run_step = largest_;
    if (p.kind == loop_strategy_kind::segments)
      s.schedule.template emplace<segment_schedule>(tail_from - from);
    else
      s.schedule.template emplace<binomial_schedule>(tail_from - from,
                                                     p.snapshots, true);
    // Memory for as many states as planned of the size measured now: a
    // state that grows beyond goes to a file.
    s.slots = std::make_unique<spill_slots<State>>(p.ram_snapshots,
                                                   p.ram_snapshots * state);
    scheduled_part_ = parts_.size();
    scheduled_begin_ = from;
    scheduled_end_ = tail_from;
    parts_.push_back(std::move(s));
    if (tail_from < n_)
      parts_.push_back(part{tail_from, n_, false});
    return true;
  }

  void record(const budget_plan &p, std::size_t state, std::size_t left) {
    first_ = p;
    loop_strategy s;
    s.loop = loop_;
    s.kind = p.kind;
    s.trip_count = n_;
    s.taped_steps = taped_steps_;
    s.snapshots = static_cast<std::size_t>(p.snapshots);
    s.ram_snapshots = p.ram_snapshots;
    s.state_bytes = state;
    s.step_tape_bytes = largest_;
    s.budget_bytes = left;
    s.largest_step_tape_bytes = largest_;
    s.held_bytes = watch_.held();
    if (detail::budget_now != nullptr) {
      record_ = detail::budget_now->strategies.size();
      detail::budget_now->strategies.push_back(s);
    }
  }

  const char *loop_;
  step_index n_;
  std::size_t record_ = static_cast<std::size_t>(-1);
  detail::loop_watch watch_;
  budget_plan first_;
  std::vector<part> parts_;
  bool decided_ = false;
  // The forward sweep: the last scheduled part, and the taped run after it.
  std::size_t scheduled_part_ = 0;
  step_index scheduled_begin_ = 0, scheduled_end_ = 0;
  std::size_t run_bytes_ = 0, run_limit_ = 0, run_step_ = 0;
  // Measurements: the largest iteration tape, the last one.
  std::size_t largest_ = 0, last_ = 0;
  step_index taped_steps_ = 0, replans_ = 0, splits_ = 0;
  // The reverse sweep.
  std::size_t next_part_ = 0;
  std::size_t replay_bytes_ = 0, replay_largest_ = 0;
  std::function<void(State &, step_index, step_index)> advance_now_,
      reverse_now_;
};

} // namespace tangent

#endif // TANGENT_SCHEDULE_BUDGET_COUNTED_HPP
