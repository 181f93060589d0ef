//===- tangent/schedule/online.hpp - online checkpointing -------*- C++ -*-===//
///
/// \file
/// `tangent::online_schedule`: checkpointing of a loop whose trip count is
/// known only when it ends (the protocol is in actions.hpp).
///
/// Within a budget of B snapshots, forward stores state_i when i is a
/// multiple of the interval d (d starts at 1); when a store would
/// make more than 2B snapshots, it first frees every snapshot at an odd
/// multiple of d and doubles d. At most 2B snapshots during the loop.
/// Reverse: each stored segment (length <= d) is reversed by a nested
/// binomial schedule whose base is the segment's snapshot and which may use
/// every slot up to 3B in total (freed slots are reused). Peak: 3B
/// snapshots plus one iteration's tape, whatever n is.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SCHEDULE_ONLINE_HPP
#define TANGENT_SCHEDULE_ONLINE_HPP

#include "tangent/detail/arguments.hpp"
#include "tangent/schedule/actions.hpp"
#include "tangent/schedule/binomial.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace tangent {

/// Online checkpointing of a loop whose trip count is known only when it
/// ends, within a snapshot budget B: at most 2B snapshots while the loop
/// runs, at most 3B during the reversal.
class online_schedule {
public:
  /// Throws std::invalid_argument for budget < 1.
  explicit online_schedule(step_index budget) : budget_(budget) {
    detail::require_argument(budget >= 1, "tangent::online_schedule", "budget",
                             "must be >= 1", budget);
  }

  step_index budget() const noexcept { return budget_; }
  /// The current snapshot interval d.
  step_index interval() const noexcept { return interval_; }
  /// Snapshots held by the schedule's decisions right now.
  std::size_t held() const noexcept { return pool_.in_use(); }
  /// Most snapshots held at once: 3B (2B while the loop runs).
  std::size_t max_snapshots() const noexcept {
    return static_cast<std::size_t>(3 * budget_);
  }
  /// The trip count (known after finish()).
  step_index steps() const noexcept { return n_; }

  /// Forward phase, before iteration i (i = 0, 1, ...).
  void forward(step_index i) {
    tracker_.at(i, "online_schedule");
    if (i % interval_ == 0)
      checkpoint_before(i);
  }

  /// End of the forward phase: the loop ran n iterations.
  void finish(step_index n) {
    tracker_.finish(n, "online_schedule");
    n_ = n;
    segment_end_ = n;
    start_segment();
  }

  bool next(action &a) {
    if (queue_.pop(a))
      return true;
    if (!tracker_.finished())
      return false;
    while (active_) {
      if (machine_.next(a, pool_))
        return true;
      outer_.pop_back(); // its slot was freed by the machine
      start_segment();
    }
    return false;
  }

private:
  struct checkpoint {
    step_index position;
    std::size_t slot;
  };

  void checkpoint_before(step_index i) {
    if (outer_.size() == static_cast<std::size_t>(2 * budget_)) {
      // Thin: keep the multiples of 2d, double d.
      const step_index wider = 2 * interval_;
      std::size_t kept = 0;
      for (const checkpoint &c : outer_) {
        if (c.position % wider == 0) {
          outer_[kept++] = c;
        } else {
          pool_.release(c.slot);
          queue_.push(
              detail::make_state_action(action_kind::free, c.slot, c.position));
        }
      }
      outer_.resize(kept);
      interval_ = wider;
      if (i % interval_ != 0)
        return;
    }
    const std::size_t slot = pool_.acquire();
    outer_.push_back(checkpoint{i, slot});
    queue_.push(detail::make_state_action(action_kind::store, slot, i));
  }

  /// Starts the nested reversal of the last stored segment, if any.
  void start_segment() {
    active_ = !outer_.empty();
    if (!active_)
      return;
    const checkpoint base = outer_.back();
    const step_index end = segment_end_;
    const step_index length = end - base.position;
    // Slots this segment may use: the budget 3B minus the other outer
    // snapshots still held, never more than its steps.
    const auto others = static_cast<step_index>(outer_.size() - 1);
    const step_index capacity =
        std::clamp<step_index>(3 * budget_ - others, 1, length);
    machine_.start(base.position, end, static_cast<std::size_t>(capacity),
                   base.slot);
    segment_end_ = base.position;
  }

  step_index budget_;
  step_index interval_ = 1;
  step_index n_ = 0;
  detail::forward_tracker tracker_;
  detail::action_queue queue_;
  detail::slot_pool pool_;
  std::vector<checkpoint> outer_; ///< Forward snapshots, by position.
  detail::revolve_machine machine_;
  bool active_ = false;
  step_index segment_end_ = 0; ///< End of the next segment to reverse.
};

} // namespace tangent

#endif // TANGENT_SCHEDULE_ONLINE_HPP
