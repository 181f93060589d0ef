//===- tangent/schedule/binomial.hpp - binomial checkpointing ---*- C++ -*-===//
///
/// \file
/// `tangent::binomial_schedule`: binomial checkpointing (Revolve) of a loop
/// of known length n with c snapshots (the protocol is in actions.hpp), its
/// cost `tangent::binomial_min_recomputation`, and the binomial reversal
/// that the online schedule reuses.
///
/// Optimal recomputation: forward stores state_0 only; the reverse phase is
/// the complete binomial reversal from it, with exactly
/// `binomial_min_recomputation(n, c)` advanced steps and at most c snapshots
/// (state_0's included).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SCHEDULE_BINOMIAL_HPP
#define TANGENT_SCHEDULE_BINOMIAL_HPP

#include "tangent/detail/arguments.hpp"
#include "tangent/schedule/actions.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

namespace tangent {

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

} // namespace detail

/// Optimal binomial checkpointing (Revolve) of a loop of known length n with
/// c snapshots: the reverse phase advances exactly
/// `binomial_min_recomputation(n, c)` steps and holds at most c snapshots.
class binomial_schedule {
public:
  /// Throws std::invalid_argument for n < 0, num_snapshots < 0,
  /// num_snapshots == 0 with n > 0 (state_0 must be kept), num_snapshots > n.
  ///
  /// With `store_on_forward`, the forward phase also stores the snapshots
  /// that the reversal's first run from state_0 to the last step would
  /// store (Revolve's first sweep), so the reverse phase advances
  /// binomial_min_recomputation(n, c) minus the steps of that run that the
  /// forward phase made; it begins with a restore of the last of them.
  binomial_schedule(step_index n, step_index num_snapshots,
                    bool store_on_forward = false)
      : n_(n), c_(num_snapshots), absorbing_(store_on_forward) {
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

  /// Forward phase, before iteration i: stores state_0 (and, with
  /// store_on_forward, the first run's snapshots).
  void forward(step_index i) {
    tracker_.at(i, "binomial_schedule");
    detail::require_protocol(i < n_, "binomial_schedule",
                             "forward(" + std::to_string(i) +
                                 ") beyond the trip count " +
                                 std::to_string(n_));
    if (i == 0) {
      base_slot_ = pool_.acquire();
      queue_.push(detail::make_state_action(action_kind::store, base_slot_, 0));
      machine_.start(0, n_, static_cast<std::size_t>(c_), base_slot_);
      last_slot_ = base_slot_;
    }
    if (absorbing_)
      absorb(i);
  }

  /// End of the forward phase; n must be the schedule's trip count.
  void finish(step_index n) {
    tracker_.finish(n, "binomial_schedule");
    if (n_ == 0 || !(absorbed_ || has_pending_))
      return;
    // The reversal goes on from the machine's position: rebuild that state
    // from the last snapshot the forward phase stored.
    queue_.push(detail::make_state_action(action_kind::restore, last_slot_,
                                          last_position_));
    if (position_ > last_position_)
      queue_.push(detail::make_step_action(action_kind::advance, last_position_,
                                           position_));
    if (has_pending_)
      queue_.push(pending_);
    has_pending_ = false;
  }

  bool next(action &a) {
    if (queue_.pop(a))
      return true;
    if (!tracker_.finished() || n_ == 0)
      return false;
    return machine_.next(a, pool_);
  }

private:
  /// Takes the machine's first run as far as the forward phase has come
  /// (state_i is current): its advances are the forward sweep's own steps,
  /// its stores happen now.
  void absorb(step_index i) {
    for (;;) {
      if (!has_pending_) {
        if (!machine_.next(pending_, pool_)) {
          absorbing_ = false;
          return;
        }
        has_pending_ = true;
      }
      const action &a = pending_;
      if (a.kind == action_kind::restore && a.begin == i && i == 0) {
        // state_0 is current
      } else if (a.kind == action_kind::advance && a.end <= i) {
        position_ = a.end;
      } else if (a.kind == action_kind::advance) {
        return; // the forward phase has not reached its end yet
      } else if (a.kind == action_kind::store && a.begin == i) {
        queue_.push(a);
        last_slot_ = a.slot;
        last_position_ = i;
      } else {
        absorbing_ = false; // the reversal proper: kept for finish()
        return;
      }
      absorbed_ = true;
      has_pending_ = false;
    }
  }

  step_index n_;
  step_index c_;
  bool absorbing_ = false, absorbed_ = false, has_pending_ = false;
  action pending_{};
  step_index position_ = 0, last_position_ = 0;
  std::size_t last_slot_ = 0;
  detail::forward_tracker tracker_;
  detail::action_queue queue_;
  detail::slot_pool pool_;
  detail::revolve_machine machine_;
  std::size_t base_slot_ = 0;
};

} // namespace tangent

#endif // TANGENT_SCHEDULE_BINOMIAL_HPP
