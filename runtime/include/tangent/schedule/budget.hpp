//===- tangent/schedule/budget.hpp - checkpointing under a memory budget --===//
///
/// \file
/// `tangent::options{.memory_budget = bytes}`: every loop the generator
/// prepared for it decides, when it runs, how to be reversed within the
/// bytes the gradient call has left, in this order of preference:
///
///   full_tape  every iteration's tape, if n x (one iteration's tape) fits;
///   segments   ceil(sqrt(n)) snapshots and one segment's tape, if they fit,
///              with as many of the last iterations as the budget also
///              holds taped in the forward sweep (never replayed), so time
///              falls smoothly from segments to the full tape;
///   binomial   Revolve with as many snapshots as fit next to one
///              iteration's tape (at least two), unless it would recompute
///              more than one forward sweep beyond:
///   spilled    binomial with ceil(sqrt(n)) snapshots (at least two), as
///              many as fit in memory and the others in files
///              (tangent::spill_slots: memory first, files for the rest).
///
/// One iteration's tape is *measured*: the first iteration runs taped in the
/// forward sweep (its tape is kept: the reverse sweep reverses it last, in
/// place), and the sizes of that tape and of the state after it decide for
/// iterations 1..n-1. Every later taped iteration is measured too: one that
/// records more than the plan assumed (vectors still empty in the first
/// iteration, a tape that grows with the iteration) has the iterations
/// after it planned again, and a replay of several iterations in the
/// reverse sweep that would outgrow what its plan allowed stops taping and
/// reverses the rest one iteration at a time (budgeted_reversal below).
///
/// What was chosen is reported per loop by `tangent::stats::
/// last_strategies()` (the loops of the last gradient call on this thread,
/// in the order they decided).
///
/// Generated code (codegen/LoopBudget.cpp) drives `budgeted_reversal`
/// (budget_counted.hpp):
/// \code
///   tangent::detail::budget_call call(budget);   // once per gradient call
///   auto *ck = tangent::detail::adopt(new budgeted_reversal<S>(where, n));
///   for (k = 0; k < n; ++k)
///     if (ck->tapes(k)) {                         // taped
///       b = tape.held_bytes(); body_taped;
///       if (ck->taped(k, tape.held_bytes() - b, make_state))
///         record the exit values, ck->saved(their bytes);
///     } else {
///       ck->before_with(k, make_state); body_untaped;
///     }
///   ck->finish(n);
///   ...
///   ck->begin_reverse();
///   advance = [&](S &cur, b, e) { run [b, e) untaped };
///   reverse = [&](S &cur, b, e) {
///     stop = e;
///     for (k = b; k < stop; ++k) {
///       b0 = tape.held_bytes(); body_taped;
///       if (ck->replayed(b, k, e, tape.held_bytes() - b0)) stop = k + 1;
///     }
///     if (stop < e) { record the exit values, ck->saved(their bytes);
///                     cur = state; ck->reverse_rest(cur, stop, e);
///                     restore them; }
///     for (k = stop; k-- > b;) body_reverse;
///   };
///   while (ck->next_part())                       // from the last part
///     if (ck->part_scheduled()) ck->reverse(state, advance, reverse);
///     else { if (ck->part_saved()) restore the exit values;
///            for (k = ck->part_end(); k-- > ck->part_begin();) body_reverse; }
///   tangent::detail::release(ck);
/// \endcode
///
/// For tests only (not for production code): while a
/// `tangent::testing::memory_budget_override guard(bytes)` is alive, every
/// gradient call on this thread that was compiled with a memory budget
/// (`options.memory_budget != 0`) runs with `bytes` (at least 1) instead of
/// its compiled budget; calls compiled without one are unchanged. One
/// compiled request can so be run at budgets chosen at run time (the
/// strategy matrix of test/e2e/check_strategies.hpp). Guards nest; the
/// innermost wins, and its end restores the one around it.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SCHEDULE_BUDGET_HPP
#define TANGENT_SCHEDULE_BUDGET_HPP

#include "tangent/schedule/binomial.hpp"
#include "tangent/schedule/driver.hpp"
#include "tangent/schedule/segment.hpp"
#include "tangent/spill.hpp"
#include "tangent/stats.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace tangent {

/// What a loop under a memory budget chose. Counted loops: full_tape,
/// segments, binomial, spilled; loops of unknown trip count (budget_while.hpp):
/// full_tape (every iteration fit), online (the first iterations taped,
/// the others under online checkpointing in memory) and online_spilled
/// (the same with snapshots in files).
enum class loop_strategy_kind {
  full_tape,
  segments,
  binomial,
  spilled,
  online,
  online_spilled
};

inline const char *to_string(loop_strategy_kind k) noexcept {
  switch (k) {
  case loop_strategy_kind::full_tape:
    return "full tape";
  case loop_strategy_kind::segments:
    return "sqrt(n) segments";
  case loop_strategy_kind::binomial:
    return "binomial";
  case loop_strategy_kind::spilled:
    return "binomial, snapshots spilled to files";
  case loop_strategy_kind::online:
    return "taped, then online";
  case loop_strategy_kind::online_spilled:
    return "taped, then online with snapshots spilled to files";
  }
  return "?";
}

/// How one loop was reversed in a gradient call, and the sizes it decided
/// on.
struct loop_strategy {
  std::string loop; ///< `file.cpp:12: for loop`
  loop_strategy_kind kind = loop_strategy_kind::full_tape;
  step_index trip_count = 0;
  step_index taped_steps = 0;      ///< iterations taped in the forward sweep
  std::size_t snapshots = 0;       ///< most held at once, memory and files
  std::size_t ram_snapshots = 0;   ///< of those, at most this many in memory
  std::size_t state_bytes = 0;     ///< one snapshot
  std::size_t step_tape_bytes = 0; ///< the first iteration's tape
  std::size_t budget_bytes = 0;    ///< what the call had left at the loop
  /// Steps the reverse sweep ran again untaped (the schedule's advances;
  /// the taped replay of each reversed step is not counted), to compare
  /// with binomial_min_recomputation.
  step_index advanced_steps = 0;
  /// The largest tape one iteration recorded, taped in the forward sweep or
  /// replayed in the reverse sweep (every iteration is taped once at least),
  /// with the exit values recorded after it when the iterations after it
  /// run untaped (the values its reverse reads that no snapshot holds).
  std::size_t largest_step_tape_bytes = 0;
  /// What the call held when the loop began (tapes and snapshots, beyond
  /// what it held when it began itself).
  std::size_t held_bytes = 0;
  /// The most the call held (likewise) while the loop ran and while it was
  /// reversed: at most max(budget, held_bytes) plus twice
  /// largest_step_tape_bytes, and the tape's 4 KiB accounting blocks
  /// (docs/checkpointing.md).
  std::size_t peak_bytes = 0;
  /// Counted loops: how often an iteration taped more than the plan
  /// assumed in the forward sweep and the iterations after it were planned
  /// again from the bytes left, and how many replays of several iterations
  /// in the reverse sweep stopped taping to stay within the budget (the
  /// iterations after the stop reversed one at a time).
  step_index replans = 0;
  step_index split_replays = 0;
};

/// The decision, given the steps to plan, one state's and one iteration's
/// bytes, and the bytes left.
struct budget_plan {
  loop_strategy_kind kind = loop_strategy_kind::full_tape;
  step_index snapshots = 0;
  std::size_t ram_snapshots = 0;
  /// Segments: the last steps, taped in the forward sweep (never
  /// replayed), as many as the budget holds beside the segments of the
  /// others; so time falls smoothly from segments to the full tape.
  step_index tail = 0;
  /// The most bytes one run of iterations taped at once may record within
  /// the budget: the bytes left but the snapshots in memory. A full tape's
  /// steps, a taped tail and each segment's replay are such runs; binomial
  /// schedules tape one iteration at a time.
  std::size_t run_bytes = 0;
};

/// Binomial checkpointing of `steps` steps, one iteration taped at a time:
/// as many snapshots in memory as fit next to one iteration's tape, and
/// spilled to files (ceil(sqrt(n)), or as many as memory holds if more)
/// when memory holds fewer than two, or when binomial in memory would
/// recompute more than one forward sweep beyond what the spilled snapshots
/// cost.
inline budget_plan plan_binomial(step_index steps, std::size_t state_bytes,
                                 std::size_t step_bytes, std::size_t left) {
  budget_plan p;
  if (steps <= 0)
    return p;
  const auto n = static_cast<std::size_t>(steps);
  const auto length =
      static_cast<std::size_t>(segment_schedule(steps).length());
  std::size_t ram = 0;
  if (step_bytes <= left)
    ram = state_bytes == 0 ? n : (left - step_bytes) / state_bytes;
  ram = std::min(ram, n);
  p.run_bytes = left - std::min(left, ram * state_bytes);
  const std::size_t spilled =
      std::min(n, std::max<std::size_t>({2, length, ram}));
  const bool in_memory =
      ram >= n ||
      (ram >= 2 &&
       binomial_min_recomputation(steps, static_cast<step_index>(ram)) <=
           binomial_min_recomputation(steps, static_cast<step_index>(spilled)) +
               steps);
  if (in_memory) {
    p.kind = loop_strategy_kind::binomial;
    p.snapshots = static_cast<step_index>(ram);
    p.ram_snapshots = ram;
    return p;
  }
  p.kind = loop_strategy_kind::spilled;
  p.snapshots = static_cast<step_index>(spilled);
  p.ram_snapshots = ram;
  return p;
}

inline budget_plan plan_loop(step_index steps, std::size_t state_bytes,
                             std::size_t step_bytes, std::size_t left) {
  budget_plan p;
  p.run_bytes = left;
  if (steps <= 0)
    return p;
  const auto n = static_cast<std::size_t>(steps);
  if (step_bytes == 0 || n <= left / step_bytes)
    return p; // n x step_bytes <= left
  auto fits = [&](std::size_t states, std::size_t steps_taped) {
    // states x state_bytes + steps_taped x step_bytes <= left, no overflow
    if (steps_taped != 0 && steps_taped > left / step_bytes)
      return false;
    std::size_t rest = left - steps_taped * step_bytes;
    return state_bytes == 0 || states <= rest / state_bytes;
  };
  // Segments of the first steps - t steps, and t steps taped at the end.
  // The tail's tape is reversed (and gone) before the first segment is
  // replayed: the snapshots are held with one or the other.
  auto segments_fit = [&](step_index t, std::size_t &snapshots) {
    const step_index m = steps - t;
    const auto len =
        static_cast<std::size_t>(m > 0 ? segment_schedule(m).length() : 0);
    snapshots = len > 0 ? (static_cast<std::size_t>(m) + len - 1) / len : 0;
    return fits(snapshots, std::max(len, static_cast<std::size_t>(t)));
  };
  std::size_t snapshots = 0;
  if (segments_fit(0, snapshots)) {
    // The largest tail that fits (the bytes grow with the tail but for the
    // rounding of the segments: a binary search, then a few steps down).
    step_index lo = 0, hi = steps - 1;
    while (lo < hi) {
      const step_index mid = lo + (hi - lo + 1) / 2;
      std::size_t unused = 0;
      if (segments_fit(mid, unused))
        lo = mid;
      else
        hi = mid - 1;
    }
    while (lo > 0 && !segments_fit(lo, snapshots))
      --lo;
    segments_fit(lo, snapshots);
    p.kind = loop_strategy_kind::segments;
    p.snapshots = static_cast<step_index>(snapshots);
    p.ram_snapshots = snapshots;
    p.tail = lo;
    p.run_bytes = left - snapshots * state_bytes;
    return p;
  }
  return plan_binomial(steps, state_bytes, step_bytes, left);
}

namespace detail {
/// The budget of tangent::testing::memory_budget_override on this thread
/// (0: none).
inline thread_local std::size_t budget_override_now = 0;
} // namespace detail

namespace testing {
/// Tests only: runs gradient calls compiled with a memory budget under
/// another one while alive (see the top of this header).
class memory_budget_override {
public:
  explicit memory_budget_override(std::size_t bytes) noexcept
      : outer_(detail::budget_override_now) {
    detail::budget_override_now = bytes > 0 ? bytes : 1;
  }
  memory_budget_override(const memory_budget_override &) = delete;
  memory_budget_override &operator=(const memory_budget_override &) = delete;
  ~memory_budget_override() { detail::budget_override_now = outer_; }

private:
  std::size_t outer_;
};
} // namespace testing

namespace detail {

/// What every budgeted reversal is to its gradient call.
struct owned_reversal {
  virtual ~owned_reversal() = default;
};

/// The gradient call running on this thread: its budget, the bytes held
/// when it began, the strategies its loops chose and the reversals it owns
/// (deleted with it, also when it throws).
struct budget_frame {
  std::size_t budget = 0;
  std::size_t base = 0;
  std::vector<loop_strategy> strategies;
  std::vector<std::unique_ptr<owned_reversal>> owned;
};
inline thread_local budget_frame *budget_now = nullptr;
inline thread_local std::vector<loop_strategy> last_strategies_now;

/// Opens a gradient call with `budget` bytes for the whole call.
class budget_call {
public:
  explicit budget_call(std::size_t budget) : outer_(budget_now) {
    frame_.budget =
        budget != 0 && budget_override_now != 0 ? budget_override_now : budget;
    frame_.base = stats::current_bytes();
    budget_now = &frame_;
  }
  budget_call(const budget_call &) = delete;
  budget_call &operator=(const budget_call &) = delete;
  ~budget_call() {
    frame_.owned.clear();
    last_strategies_now = std::move(frame_.strategies);
    budget_now = outer_;
  }

private:
  budget_frame frame_;
  budget_frame *outer_;
};

/// Bytes the running call may still hold.
inline std::size_t budget_left() {
  if (budget_now == nullptr)
    return 0;
  const std::size_t now = stats::current_bytes();
  const std::size_t used = now > budget_now->base ? now - budget_now->base : 0;
  return used < budget_now->budget ? budget_now->budget - used : 0;
}

/// The running call's record of a loop, by its index (a loop that decided
/// records itself there), or null.
inline loop_strategy *strategy_record(std::size_t index) {
  if (budget_now == nullptr || index >= budget_now->strategies.size())
    return nullptr;
  return &budget_now->strategies[index];
}

/// An advance callback that also counts the steps it runs into `count`.
template <class Advance> auto counting(Advance &advance, step_index &count) {
  return [&advance, &count](auto &state, step_index b, step_index e) {
    count += e - b;
    advance(state, b, e);
  };
}

/// Hands `r` to the running call (which deletes it when it ends).
template <class R> R *adopt(R *r) {
  if (budget_now != nullptr)
    budget_now->owned.emplace_back(r);
  return r;
}
/// Deletes `r` now (its reversal is done).
inline void release(owned_reversal *r) {
  if (budget_now != nullptr) {
    auto &owned = budget_now->owned;
    for (auto it = owned.begin(); it != owned.end(); ++it)
      if (it->get() == r) {
        owned.erase(it);
        return;
      }
  }
  delete r;
}

} // namespace detail

namespace stats {
/// The loops of the last gradient call on this thread that ran under a
/// memory budget, and what each chose (a loop that ran several times, in
/// an outer loop, appears once per run).
inline std::vector<loop_strategy> last_strategies() {
  return tangent::detail::last_strategies_now;
}
} // namespace stats

namespace detail {
/// The per-loop record of `loop_strategy` a reversal keeps up to date: what
/// the call held when the loop began, and the peak while the loop runs and
/// while it is reversed (tangent::stats::detail::watch_begin).
class loop_watch {
public:
  loop_watch() {
    base_ = budget_now != nullptr ? budget_now->base : 0;
    const std::size_t now = stats::current_bytes();
    held_ = now > base_ ? now - base_ : 0;
  }
  std::size_t held() const noexcept { return held_; }
  /// The peak so far, beyond the call's start.
  std::size_t peak() const noexcept { return peak_; }
  void begin() {
    if (!watching_)
      outer_ = stats::detail::watch_begin();
    watching_ = true;
  }
  void end() {
    if (!watching_)
      return;
    watching_ = false;
    const std::size_t top = stats::detail::watch_end(outer_);
    peak_ = std::max(peak_, top > base_ ? top - base_ : 0);
  }

private:
  std::size_t base_ = 0, held_ = 0, peak_ = 0, outer_ = 0;
  bool watching_ = false;
};
} // namespace detail

} // namespace tangent

#endif // TANGENT_SCHEDULE_BUDGET_HPP
