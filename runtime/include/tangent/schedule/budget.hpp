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
/// place), and the sizes of that tape and of the state after it decide. The
/// other iterations, 1..n-1, are the steps the schedule reverses.
///
/// What was chosen is reported per loop by `tangent::stats::
/// last_strategies()` (the loops of the last gradient call on this thread,
/// in the order they decided).
///
/// Generated code (codegen/LoopBudget.cpp) drives `budgeted_reversal`:
/// \code
///   tangent::detail::budget_call call(budget);   // once per gradient call
///   auto *ck = tangent::detail::adopt(new budgeted_reversal<S>(where, n));
///   for (k = 0; k < n; ++k)
///     if (ck->tapes(k)) {                         // taped
///       b = tape.size_bytes(); body_taped;
///       if (k == 0) ck->decide(tape.size_bytes() - b, make_state);
///     } else {
///       ck->before_with(k, make_state); body_untaped;
///     }
///   ck->finish(n);
///   ...
///   for (k = n; k-- > ck->taped_from();) body_reverse;   // the taped tail
///   if (ck->schedules()) ck->reverse(state, advance, reverse);
///   for (k = std::min(n, 1); k-- > 0;) body_reverse;     // iteration 0
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
#include <variant>
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
  step_index taped_steps = 0;      ///< loops of unknown trip count: taped
  std::size_t snapshots = 0;       ///< most held at once, memory and files
  std::size_t ram_snapshots = 0;   ///< of those, at most this many in memory
  std::size_t state_bytes = 0;     ///< one snapshot
  std::size_t step_tape_bytes = 0; ///< the first iteration's tape
  std::size_t budget_bytes = 0;    ///< what the call had left at the loop
  /// Steps the reverse sweep ran again untaped (the schedule's advances;
  /// the taped replay of each reversed step is not counted), to compare
  /// with binomial_min_recomputation.
  step_index advanced_steps = 0;
};

/// The decision, given the steps after the first iteration, one state's
/// and one iteration's bytes, and the bytes left.
struct budget_plan {
  loop_strategy_kind kind = loop_strategy_kind::full_tape;
  step_index snapshots = 0;
  std::size_t ram_snapshots = 0;
  /// Segments: the last steps, taped in the forward sweep (never
  /// replayed), as many as the budget holds beside the segments of the
  /// others; so time falls smoothly from segments to the full tape.
  step_index tail = 0;
};

inline budget_plan plan_loop(step_index steps, std::size_t state_bytes,
                             std::size_t step_bytes, std::size_t left) {
  budget_plan p;
  if (steps <= 0)
    return p;
  const auto n = static_cast<std::size_t>(steps);
  if (step_bytes == 0 || n <= left / step_bytes)
    return p; // n x step_bytes <= left
  const auto length =
      static_cast<std::size_t>(segment_schedule(steps).length());
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
    return p;
  }
  std::size_t ram = 0;
  if (step_bytes <= left)
    ram = state_bytes == 0 ? n : (left - step_bytes) / state_bytes;
  ram = std::min(ram, n);
  // Spilled: ceil(sqrt(n)) snapshots (more if memory holds more), those
  // beyond memory in files; chosen over binomial in memory when memory
  // holds fewer than two, or when binomial in memory would recompute more
  // than one forward sweep beyond what the spilled snapshots cost.
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

/// The reversal of one loop of n iterations under the call's budget.
template <class State> class budgeted_reversal : public detail::owned_reversal {
public:
  budgeted_reversal(const char *loop, step_index n) : loop_(loop), n_(n) {}

  /// The loop's trip count n.
  step_index trip_count() const noexcept { return n_; }
  /// Whether iteration k runs taped in the forward sweep: the first, and
  /// those of the taped tail (every one, under the full tape).
  bool tapes(step_index k) const noexcept {
    return k == 0 || k >= taped_from();
  }
  /// Whether some iterations are reversed by the schedule.
  bool schedules() const noexcept {
    return plan_.kind != loop_strategy_kind::full_tape && taped_from() > 1;
  }
  /// The first iteration of the taped tail (n if there is none; 1 under
  /// the full tape): iterations taped_from()..n-1 are reversed in place,
  /// then 1..taped_from()-1 by the schedule, then iteration 0.
  step_index taped_from() const noexcept {
    if (plan_.kind == loop_strategy_kind::full_tape)
      return std::min<step_index>(n_, 1);
    return n_ - plan_.tail;
  }

  /// After the first iteration, run taped: `step_bytes` its tape, `make()`
  /// the state after it (measured, not kept: before_with(1) stores it).
  template <class Make> void decide(std::size_t step_bytes, Make &&make) {
    const std::size_t left = detail::budget_left();
    const step_index steps = n_ - 1;
    const std::size_t state = state_bytes(make());
    plan_ = plan_loop(steps, state, step_bytes, left);
    loop_strategy s;
    s.loop = loop_;
    s.kind = plan_.kind;
    s.trip_count = n_;
    s.taped_steps = n_ - taped_from() + std::min<step_index>(n_, 1);
    s.snapshots = static_cast<std::size_t>(plan_.snapshots);
    s.ram_snapshots = plan_.ram_snapshots;
    s.state_bytes = state;
    s.step_tape_bytes = step_bytes;
    s.budget_bytes = left;
    if (detail::budget_now != nullptr) {
      record_ = detail::budget_now->strategies.size();
      detail::budget_now->strategies.push_back(s);
    }
    switch (plan_.kind) {
    case loop_strategy_kind::full_tape:
      return;
    case loop_strategy_kind::segments:
      schedule_.template emplace<segment_schedule>(steps - plan_.tail);
      break;
    case loop_strategy_kind::binomial:
    case loop_strategy_kind::spilled:
    case loop_strategy_kind::online: // not planned for counted loops
    case loop_strategy_kind::online_spilled:
      schedule_.template emplace<binomial_schedule>(steps, plan_.snapshots,
                                                    true);
      break;
    }
    slots_ = std::make_unique<spill_slots<State>>(plan_.ram_snapshots);
  }

  /// Before iteration k >= 1 (not taped): the schedule's step k - 1.
  template <class Make> void before_with(step_index k, Make &&make) {
    forward(k - 1, make);
  }

  /// After the loop (n iterations: the trip count given at construction).
  void finish(step_index /*n*/) {
    if (schedules())
      std::visit([&](auto &s) { s.finish(taped_from() - 1); }, schedule_);
  }

  /// Reverses iterations n-1 down to 1: `advance(state, b, e)` runs
  /// iterations [b, e) untaped, `reverse(state, b, e)` taped and then
  /// their adjoints.
  template <class Advance, class Reverse>
  void reverse(State &state, Advance &&advance, Reverse &&reverse) {
    step_index advanced = 0;
    auto counted = detail::counting(advance, advanced);
    std::visit(
        [&](auto &s) {
          for (action a; s.next(a);)
            detail::perform_shifted(a, *slots_, state, counted, reverse, 1);
        },
        schedule_);
    if (loop_strategy *r = detail::strategy_record(record_))
      r->advanced_steps += advanced;
  }

  const budget_plan &plan() const noexcept { return plan_; }

private:
  template <class Make> void forward(step_index step, Make &&make) {
    std::visit([&](auto &s) { detail::forward_with(s, *slots_, step, make); },
               schedule_);
  }

  const char *loop_;
  step_index n_;
  std::size_t record_ = static_cast<std::size_t>(-1);
  budget_plan plan_;
  std::variant<segment_schedule, binomial_schedule> schedule_{
      std::in_place_type<segment_schedule>, 0};
  std::unique_ptr<spill_slots<State>> slots_;
};

} // namespace tangent

#endif // TANGENT_SCHEDULE_BUDGET_HPP
