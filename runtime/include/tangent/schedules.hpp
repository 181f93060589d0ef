//===- tangent/schedules.hpp - checkpoint schedules and drivers -----------===//
///
/// \file
/// Checkpoint schedules: objects that decide which loop states to keep and
/// how to reverse a loop from them, and the driver that carries their
/// decisions out.
///
/// Model
/// -----
/// A loop of n iterations: step i maps state_i to state_{i+1}, i in [0, n).
/// Reversing the loop means running, for every i from n-1 down to 0, the
/// adjoint of step i from the correct state_i, exactly once each, in
/// decreasing order of i. A schedule decides; a *driver* (generated code, or
/// `tangent::reverse_loop` / `tangent::checkpointed_reversal` below) holds
/// one *current state* and a slot store (`tangent::snapshot_slots<State>`)
/// and performs the schedule's actions.
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
///
/// Schedules
/// ---------
/// - `segment_schedule` (known n): L = ceil(sqrt(n)), or ceil(n / c) for c
///   checkpoints. Forward stores state_{sL} for every segment s; reverse,
///   from the last segment: restore(s), free(s), reverse(begin_s, end_s).
///   Peak: n/L snapshots plus one segment's tape. Generated code may
///   open-code it with the accessors and a LIFO `tangent::snapshots`.
/// - `online_schedule` (unknown n, budget B): forward stores state_i when
///   i is a multiple of the interval d (d starts at 1); when a store would
///   make more than 2B snapshots, it first frees every snapshot at an odd
///   multiple of d and doubles d. At most 2B snapshots during the loop.
///   Reverse: each stored segment (length <= d) is reversed by a nested
///   binomial schedule whose base is the segment's snapshot and which may use
///   every slot up to 3B in total (freed slots are reused). Peak: 3B
///   snapshots plus one iteration's tape, whatever n is.
/// - `binomial_schedule` (known n, c snapshots; Revolve): optimal
///   recomputation. Forward stores state_0 only; the reverse phase is the
///   complete binomial reversal from it, with exactly
///   `binomial_min_recomputation(n, c)` advanced steps and at most c
///   snapshots (state_0's included).
///
/// Driving a schedule from generated code
/// ---------------------------------------
/// Segment, open-coded (no schedule object needed; `length()`,
/// `stores_before(i)`, `begin(s)`, `end(s)` give the same numbers):
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
/// Online (a while loop; the state may be built only when stored):
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
#ifndef TANGENT_SCHEDULES_HPP
#define TANGENT_SCHEDULES_HPP

#include "tangent/detail/arguments.hpp"
#include "tangent/snapshots.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
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

/// C(n, k) for n >= k >= 0, saturating at the largest uint64_t.
inline std::uint64_t saturating_choose(std::uint64_t n,
                                       std::uint64_t k) noexcept {
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  k = std::min(k, n - k);
  std::uint64_t result = 1; // C(n - k + i, i) after step i
  for (std::uint64_t i = 1; i <= k; ++i) {
    // result * (n - k + i) / i is exact; divide by the common factor first.
    const std::uint64_t g = std::gcd(result, i);
    const std::uint64_t a = result / g;
    const std::uint64_t b = (n - k + i) / (i / g);
    if (a != 0 && b > max / a)
      return max;
    result = a * b;
  }
  return result;
}

} // namespace detail

/// beta(c, r) = C(c + r, c): the most steps that c snapshots can reverse
/// when no step is advanced more than r times (Griewank). 0 for r < 0;
/// saturates at the largest uint64_t. Throws std::invalid_argument for
/// c < 0.
inline std::uint64_t binomial_beta(long long c, long long r) {
  detail::require_argument(c >= 0, "tangent::binomial_beta", "c",
                           "must be >= 0", c);
  if (r < 0)
    return 0;
  return detail::saturating_choose(static_cast<std::uint64_t>(c) +
                                       static_cast<std::uint64_t>(r),
                                   static_cast<std::uint64_t>(c));
}

namespace detail {

/// The repetition number: the smallest r >= 0 with beta(c, r) >= n
/// (n >= 1, c >= 1).
inline long long binomial_repetitions(long long n, long long c) noexcept {
  const std::uint64_t target = static_cast<std::uint64_t>(n);
  if (c == 1)
    return n - 1;           // beta(1, r) = r + 1
  long long lo = 0, hi = 1; // beta(c, lo) < target <= beta(c, hi)
  if (binomial_beta(c, 0) >= target)
    return 0;
  while (binomial_beta(c, hi) < target) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1) {
    const long long mid = lo + (hi - lo) / 2;
    if (binomial_beta(c, mid) >= target)
      hi = mid;
    else
      lo = mid;
  }
  return hi;
}

/// max(0, n - beta(c, r)) without overflow.
inline long long minus_beta(long long n, long long c, long long r) {
  const std::uint64_t b = binomial_beta(c, r);
  return b >= static_cast<std::uint64_t>(n) ? 0 : n - static_cast<long long>(b);
}

} // namespace detail

/// The fewest advanced (untaped, recomputed) steps with which c snapshots
/// reverse n steps starting from state_0 (Griewank's binomial bound): with r
/// the smallest number such that beta(c, r) >= n,
/// t = r * n - beta(c + 1, r - 1); 0 for n <= 1. The one-step taped forward
/// inside each reversal is not counted. Throws std::invalid_argument for
/// n < 0, c < 0, c == 0 with n > 1, and c > n.
inline long long binomial_min_recomputation(long long n, long long c) {
  constexpr const char *fn = "tangent::binomial_min_recomputation";
  detail::require_argument(n >= 0, fn, "n", "must be >= 0", n);
  detail::require_argument(c >= 0, fn, "num_snapshots", "must be >= 0", c);
  detail::require_argument(c <= n, fn, "num_snapshots",
                           "must not exceed the number of steps n", c);
  detail::require_argument(c >= 1 || n <= 1, fn, "num_snapshots",
                           "must be >= 1 when n > 1", c);
  if (n <= 1)
    return 0;
  const long long r = detail::binomial_repetitions(n, c);
  return r * n - static_cast<long long>(binomial_beta(c + 1, r - 1));
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

/// Binomial (Revolve) reversal of steps [base, end) as a state machine, one
/// action per call. At start, state_base is held in `base_slot`, which the
/// machine frees once step `base` is reversed; it uses at most `capacity`
/// slots at once, the base slot included, taking further slots from a pool.
///
/// Rule: from a checkpoint at p with l = fine - p steps left to reverse and
/// c slots available (the checkpoint's included), advance m steps and store
/// there, where m = max(1, l - beta(c - 1, r), beta(c, r - 2)) and r is the
/// repetition number of (l, c); the right part then has c - 1 slots and the
/// left part, after it, c again. That choice is optimal (it lies in the
/// range of optimal splits), so the advanced steps total
/// binomial_min_recomputation(l, capacity). With one slot, advance to the
/// last step. A right part of one step needs no store.
class revolve_machine {
public:
  void start(step_index base, step_index end, std::size_t capacity,
             std::size_t base_slot) {
    stack_.clear();
    stack_.push_back(checkpoint{base, base_slot});
    base_ = base;
    fine_ = end;
    current_ = unknown;
    capacity_ = capacity;
    store_pending_ = false;
  }

  bool next(action &a, slot_pool &pool) {
    if (store_pending_) {
      store_pending_ = false;
      const std::size_t slot = pool.acquire();
      stack_.push_back(checkpoint{current_, slot});
      a = make_state_action(action_kind::store, slot, current_);
      return true;
    }
    if (fine_ == base_)
      return false;
    if (current_ == fine_ - 1) {
      if (!stack_.empty() && stack_.back().position == current_) {
        // The state was restored from this checkpoint and is needed for
        // nothing else: drop it before taping.
        const checkpoint top = stack_.back();
        stack_.pop_back();
        pool.release(top.slot);
        a = make_state_action(action_kind::free, top.slot, top.position);
        return true;
      }
      a = make_step_action(action_kind::reverse, fine_ - 1, fine_);
      --fine_;
      current_ = unknown;
      return true;
    }
    const checkpoint top = stack_.back();
    if (current_ == unknown) {
      current_ = top.position;
      a = make_state_action(action_kind::restore, top.slot, top.position);
      return true;
    }
    // current_ == top.position: split the remaining range.
    const long long left = fine_ - current_;
    const long long slots = static_cast<long long>(capacity_) -
                            static_cast<long long>(stack_.size()) + 1;
    long long m = left - 1;
    if (slots >= 2) {
      const long long r = binomial_repetitions(left, slots);
      m = std::max({1LL, minus_beta(left, slots - 1, r),
                    static_cast<long long>(std::min<std::uint64_t>(
                        binomial_beta(slots, r - 2),
                        static_cast<std::uint64_t>(left - 1)))});
    }
    a = make_step_action(action_kind::advance, current_, current_ + m);
    current_ += m;
    store_pending_ = fine_ - current_ > 1;
    return true;
  }

private:
  static constexpr step_index unknown = -1;
  struct checkpoint {
    step_index position;
    std::size_t slot;
  };
  std::vector<checkpoint> stack_;
  step_index base_ = 0;
  step_index fine_ = 0;
  step_index current_ = unknown;
  std::size_t capacity_ = 1;
  bool store_pending_ = false;
};

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

//===----------------------------------------------------------------------===//
// Segment (sqrt(n)) checkpointing
//===----------------------------------------------------------------------===//

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
      a = detail::make_state_action(action_kind::restore, slot, begin(s));
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

//===----------------------------------------------------------------------===//
// Binomial (Revolve) checkpointing
//===----------------------------------------------------------------------===//

/// Optimal binomial checkpointing (Revolve) of a loop of known length n with
/// c snapshots: the reverse phase advances exactly
/// `binomial_min_recomputation(n, c)` steps and holds at most c snapshots.
class binomial_schedule {
public:
  /// Throws std::invalid_argument for n < 0, num_snapshots < 0,
  /// num_snapshots == 0 with n > 0 (state_0 must be kept), num_snapshots > n.
  binomial_schedule(step_index n, step_index num_snapshots)
      : n_(n), c_(num_snapshots) {
    constexpr const char *fn = "tangent::binomial_schedule";
    detail::require_argument(n >= 0, fn, "n", "must be >= 0", n);
    detail::require_argument(num_snapshots >= 0, fn, "num_snapshots",
                             "must be >= 0", num_snapshots);
    detail::require_argument(num_snapshots <= n, fn, "num_snapshots",
                             "must not exceed the number of steps n",
                             num_snapshots);
    detail::require_argument(num_snapshots >= 1 || n == 0, fn, "num_snapshots",
                             "must be >= 1 when n > 0", num_snapshots);
  }

  step_index steps() const noexcept { return n_; }
  step_index snapshots() const noexcept { return c_; }
  /// Most snapshots held at once (c).
  std::size_t max_snapshots() const noexcept {
    return static_cast<std::size_t>(c_);
  }
  /// Steps the reverse phase advances: binomial_min_recomputation(n, c).
  step_index recomputation() const {
    return n_ <= 1 ? 0 : binomial_min_recomputation(n_, c_);
  }

  /// Forward phase, before iteration i: stores state_0.
  void forward(step_index i) {
    tracker_.at(i, "binomial_schedule");
    detail::require_protocol(i < n_, "binomial_schedule",
                             "forward(" + std::to_string(i) +
                                 ") beyond the trip count " +
                                 std::to_string(n_));
    if (i == 0) {
      base_slot_ = pool_.acquire();
      queue_.push(detail::make_state_action(action_kind::store, base_slot_, 0));
    }
  }

  /// End of the forward phase; n must be the schedule's trip count.
  void finish(step_index n) {
    tracker_.finish(n, "binomial_schedule");
    if (n_ > 0)
      machine_.start(0, n_, static_cast<std::size_t>(c_), base_slot_);
  }

  bool next(action &a) {
    if (queue_.pop(a))
      return true;
    if (!tracker_.finished() || n_ == 0)
      return false;
    return machine_.next(a, pool_);
  }

private:
  step_index n_;
  step_index c_;
  detail::forward_tracker tracker_;
  detail::action_queue queue_;
  detail::slot_pool pool_;
  detail::revolve_machine machine_;
  std::size_t base_slot_ = 0;
};

//===----------------------------------------------------------------------===//
// Online checkpointing
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Drivers
//===----------------------------------------------------------------------===//

/// Performs the actions `schedule.next()` yields until it yields none:
/// store/restore/free on `slots`, `advance(state, begin, end)` and
/// `reverse(state, begin, end)` for the others.
template <class State, class Schedule, class Advance, class Reverse>
void perform_actions(Schedule &schedule, snapshot_slots<State> &slots,
                     State &state, Advance &&advance, Reverse &&reverse) {
  for (action a; schedule.next(a);) {
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
      advance(state, a.begin, a.end);
      break;
    case action_kind::reverse:
      reverse(state, a.begin, a.end);
      break;
    }
  }
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
    schedule_.forward(i);
    for (action a; schedule_.next(a);) {
      if (a.kind == action_kind::store)
        slots_.store(a.slot, make());
      else
        slots_.free(a.slot);
    }
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

#endif // TANGENT_SCHEDULES_HPP
