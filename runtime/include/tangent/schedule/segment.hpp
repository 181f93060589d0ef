//===- tangent/schedule/segment.hpp - segment checkpointing -----*- C++ -*-===//
///
/// \file
/// `tangent::segment_schedule`: checkpointing of a loop of known length n
/// by segments (the protocol is in actions.hpp).
///
/// Segments of length L = ceil(sqrt(n)), or ceil(n / c) for c checkpoints.
/// Forward stores state_{sL} for every segment s; reverse, from the last
/// segment: restore(s), free(s), reverse(begin_s, end_s). Peak: n/L
/// snapshots plus one segment's tape.
///
/// Generated code may open-code it with the accessors and a LIFO
/// `tangent::snapshots` (snapshots.hpp); no schedule object is needed, since
/// `length()`, `stores_before(i)`, `begin(s)`, `end(s)` give the same
/// numbers:
/// \code
///   tangent::segment_schedule seg(n);      // L = seg.length()
///   tangent::snapshots<State> snaps;       // LIFO, counted in stats
///   for (i = 0; i < n; ++i) {              // forward sweep, untaped
///     if (seg.stores_before(i)) snaps.push(s);
///     body(s);
///   }
///   ...                                    // after the loop, and its adjoint
///   for (auto k = seg.count(); k-- > 0;) { // reverse sweep
///     s = snaps.pop();                     // state_{begin(k)}
///     replay_taped(s, seg.begin(k), seg.end(k));
///     reverse(seg.begin(k), seg.end(k));   // consumes that tape
///   }
/// \endcode
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SCHEDULE_SEGMENT_HPP
#define TANGENT_SCHEDULE_SEGMENT_HPP

#include "tangent/detail/arguments.hpp"
#include "tangent/schedule/actions.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

namespace tangent {

/// Segment checkpointing of a loop of known length n: segments of length L,
/// one snapshot before each, each segment replayed taped and reversed in one
/// go. Slot s holds the state before segment s.
class segment_schedule {
public:
  /// L = ceil(sqrt(n)). Throws std::invalid_argument for n < 0.
  explicit segment_schedule(step_index n)
      : n_(checked_n(n)), length_(ceil_sqrt(n)), count_(ceil_div(n, length_)) {}

  /// At most `num_checkpoints` segments: L = ceil(n / num_checkpoints).
  /// Throws std::invalid_argument for n < 0, num_checkpoints < 0,
  /// num_checkpoints == 0 with n > 0, num_checkpoints > n.
  segment_schedule(step_index n, step_index num_checkpoints)
      : n_(checked_n(n)),
        length_(length_for(n, checked_checkpoints(n, num_checkpoints))),
        count_(ceil_div(n, length_)) {}

  /// The trip count n.
  step_index steps() const noexcept { return n_; }
  /// Segment length L (1 for n == 0).
  step_index length() const noexcept { return length_; }
  /// Number of segments, ceil(n / L).
  step_index count() const noexcept { return count_; }
  /// First step of segment s.
  step_index begin(step_index s) const noexcept { return s * length_; }
  /// One past the last step of segment s.
  step_index end(step_index s) const noexcept {
    return std::min(n_, (s + 1) * length_);
  }
  /// The segment that step i belongs to.
  step_index segment_of(step_index i) const noexcept { return i / length_; }
  /// Whether the forward sweep stores the state before iteration i.
  bool stores_before(step_index i) const noexcept {
    return i < n_ && i % length_ == 0;
  }
  /// Most snapshots held at once.
  std::size_t max_snapshots() const noexcept {
    return static_cast<std::size_t>(count_);
  }
  /// Steps advanced in the reverse phase: none (each segment is replayed
  /// taped inside its reverse action).
  step_index recomputation() const noexcept { return 0; }

  /// Forward phase, before iteration i.
  void forward(step_index i) {
    tracker_.at(i, "segment_schedule");
    require_in_range(i);
    if (i % length_ == 0)
      queue_.push(detail::make_state_action(
          action_kind::store, static_cast<std::size_t>(i / length_), i));
  }

  /// End of the forward phase; n must be the schedule's trip count.
  void finish(step_index n) {
    tracker_.finish(n, "segment_schedule");
    segment_ = count_;
  }

  /// The next action, if any (see the protocol).
  bool next(action &a) {
    if (queue_.pop(a))
      return true;
    if (!tracker_.finished() || segment_ == 0)
      return false;
    const step_index s = segment_ - 1;
    const auto slot = static_cast<std::size_t>(s);
    switch (stage_) {
    case 0:
      a = detail::make_state_action(action_kind::restore, restored(slot),
                                    begin(s));
      break;
    case 1:
      a = detail::make_state_action(action_kind::free, slot, begin(s));
      break;
    default:
      a = detail::make_step_action(action_kind::reverse, begin(s), end(s));
      --segment_;
      stage_ = 0;
      return true;
    }
    ++stage_;
    return true;
  }

private:
  /// The slot a segment's restore reads: its own. Under
  /// TANGENT_TESTING_FAULT_SEGMENTS, defined only by the control test of
  /// the strategy matrix (test/strategies/CMakeLists.txt), the last of
  /// several segments restores the snapshot before its own instead: a
  /// deliberately wrong gradient that the matrix must report.
  std::size_t restored(std::size_t slot) const noexcept {
#ifdef TANGENT_TESTING_FAULT_SEGMENTS
    if (slot > 0 && slot + 1 == static_cast<std::size_t>(count_))
      return slot - 1;
#endif
    return slot;
  }

  static step_index checked_n(step_index n) {
    detail::require_argument(n >= 0, "tangent::segment_schedule", "n",
                             "must be >= 0", n);
    return n;
  }
  static step_index checked_checkpoints(step_index n, step_index c) {
    constexpr const char *fn = "tangent::segment_schedule";
    detail::require_argument(c >= 0, fn, "num_checkpoints", "must be >= 0", c);
    detail::require_argument(c <= n, fn, "num_checkpoints",
                             "must not exceed the number of steps n", c);
    detail::require_argument(c >= 1 || n == 0, fn, "num_checkpoints",
                             "must be >= 1 when n > 0", c);
    return c;
  }
  static step_index ceil_div(step_index a, step_index b) noexcept {
    return (a + b - 1) / b;
  }
  static step_index ceil_sqrt(step_index n) noexcept {
    if (n <= 1)
      return 1;
    auto r = static_cast<step_index>(std::sqrt(static_cast<double>(n)));
    while (r * r < n)
      ++r;
    while (r > 1 && (r - 1) * (r - 1) >= n)
      --r;
    return r;
  }
  static step_index length_for(step_index n, step_index c) noexcept {
    return c == 0 ? 1 : std::max<step_index>(1, ceil_div(n, c));
  }
  void require_in_range(step_index i) const {
    detail::require_protocol(i < n_, "segment_schedule",
                             "forward(" + std::to_string(i) +
                                 ") beyond the trip count " +
                                 std::to_string(n_));
  }

  step_index n_;
  step_index length_;
  step_index count_;
  detail::forward_tracker tracker_;
  detail::action_queue queue_;
  step_index segment_ = 0; ///< Segments left to reverse.
  int stage_ = 0;          ///< 0: restore, 1: free, 2: reverse.
};

} // namespace tangent

#endif // TANGENT_SCHEDULE_SEGMENT_HPP
