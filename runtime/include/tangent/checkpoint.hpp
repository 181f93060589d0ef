//===- tangent/checkpoint.hpp - checkpointing helpers (no plugin) ---------===//
///
/// \file
/// Runtime helpers that need no plugin: a forward loop that keeps evenly
/// spaced snapshots (`checkpointed_loop`), the schedule arithmetic behind it
/// (`compute_checkpoint_positions`, `compute_optimal_checkpoints`,
/// `get_memory_savings`, `estimate_checkpoint_savings`, `should_checkpoint`)
/// and activation checkpointing of a list of layers (`checkpoint_forward`,
/// `checkpoint_recompute`).
///
/// Conventions shared by the loop helpers: a loop of n = `seq_length` steps
/// maps state_i to state_{i+1}; "the checkpoint at i" is a copy of state_i,
/// the state *before* iteration i. With k checkpoints the positions are
/// floor(j * n / k), j = 0..k-1: sorted, distinct, evenly spaced, starting
/// at 0. A `num_checkpoints` of -1 means "automatic":
/// `compute_optimal_checkpoints(seq_length)` = floor(sqrt(n)).
///
/// Bad arguments throw `std::invalid_argument` whose message names the
/// parameter (negative `seq_length`; `num_checkpoints` below -1 or above
/// `seq_length`); the layer helpers throw `std::out_of_range` for indices
/// out of range. Snapshots returned to the caller are the caller's and are
/// not counted in `tangent::stats`.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_CHECKPOINT_HPP
#define TANGENT_CHECKPOINT_HPP

#include "tangent/detail/arguments.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace tangent {

namespace detail {

inline void require_seq_length(int seq_length, const char *function) {
  require_argument(seq_length >= 0, function, "seq_length", "must be >= 0",
                   seq_length);
}

/// floor(sqrt(n)) for n >= 0, exact.
inline int floor_sqrt(int n) noexcept {
  auto r = static_cast<long long>(std::sqrt(static_cast<double>(n)));
  while (r * r > n)
    --r;
  while ((r + 1) * (r + 1) <= n)
    ++r;
  return static_cast<int>(r);
}

} // namespace detail

/// The automatic number of checkpoints for a loop of `seq_length` steps: 0
/// for an empty loop, else max(1, floor(sqrt(seq_length))), the classic
/// balance of stored states against recomputation. Throws
/// std::invalid_argument for a negative `seq_length`.
inline int compute_optimal_checkpoints(int seq_length) {
  detail::require_seq_length(seq_length,
                             "tangent::compute_optimal_checkpoints");
  if (seq_length == 0)
    return 0;
  return std::max(1, detail::floor_sqrt(seq_length));
}

/// The automatic number of checkpoints within a snapshot budget:
/// min(compute_optimal_checkpoints(seq_length), max_checkpoints). Throws
/// std::invalid_argument for a negative `seq_length` or `max_checkpoints`.
inline int compute_optimal_checkpoints(int seq_length, int max_checkpoints) {
  detail::require_argument(max_checkpoints >= 0,
                           "tangent::compute_optimal_checkpoints",
                           "max_checkpoints", "must be >= 0", max_checkpoints);
  return std::min(compute_optimal_checkpoints(seq_length), max_checkpoints);
}

namespace detail {

/// Resolves -1 to the automatic count and checks the range [0, seq_length].
inline int resolve_checkpoints(int seq_length, int num_checkpoints,
                               const char *function) {
  require_seq_length(seq_length, function);
  require_argument(num_checkpoints >= -1, function, "num_checkpoints",
                   "must be >= 0 (or -1 for automatic)", num_checkpoints);
  if (num_checkpoints == -1)
    return compute_optimal_checkpoints(seq_length);
  require_argument(num_checkpoints <= seq_length, function, "num_checkpoints",
                   "must not exceed seq_length", num_checkpoints);
  return num_checkpoints;
}

/// Position of checkpoint j of k over n steps.
inline int checkpoint_position(int seq_length, int num_checkpoints, int j) {
  return static_cast<int>(static_cast<long long>(j) * seq_length /
                          num_checkpoints);
}

} // namespace detail

/// The iteration indices before which `checkpointed_loop` keeps a snapshot:
/// floor(j * seq_length / num_checkpoints) for j = 0..num_checkpoints-1
/// (empty for 0 checkpoints). Throws std::invalid_argument for a negative
/// `seq_length`, a negative `num_checkpoints` or one above `seq_length`.
inline std::vector<int> compute_checkpoint_positions(int seq_length,
                                                     int num_checkpoints) {
  constexpr const char *fn = "tangent::compute_checkpoint_positions";
  detail::require_seq_length(seq_length, fn);
  detail::require_argument(num_checkpoints >= 0, fn, "num_checkpoints",
                           "must be >= 0", num_checkpoints);
  detail::require_argument(num_checkpoints <= seq_length, fn, "num_checkpoints",
                           "must not exceed seq_length", num_checkpoints);
  std::vector<int> positions(static_cast<std::size_t>(num_checkpoints));
  for (int j = 0; j < num_checkpoints; ++j)
    positions[static_cast<std::size_t>(j)] =
        detail::checkpoint_position(seq_length, num_checkpoints, j);
  return positions;
}

/// What checkpointing a loop saves, in stored states (see
/// `get_memory_savings`).
struct memory_savings {
  /// States stored without checkpointing: one per step, `seq_length`.
  long long without_checkpointing = 0;
  /// States stored with checkpointing: `num_checkpoints`.
  long long with_checkpointing = 0;
  /// 100 * (1 - with / without); 0 for an empty loop.
  double savings_percent = 0;
  /// The same as a fraction: 1 - with / without; 0 for an empty loop.
  double savings_ratio = 0;
  /// Number of checkpoints.
  int num_checkpoints = 0;
  /// Average forward steps a backward pass recomputes per step: for every
  /// step j in [0, n), the distance j - p(j) from the nearest checkpoint
  /// p(j) <= j (from the initial state, position 0, when there is none),
  /// averaged over the n steps. A segment of g steps contributes
  /// g (g - 1) / 2, so evenly spaced checkpoints give about (n / k - 1) / 2.
  /// 0 for an empty loop.
  double recomputation_factor = 0;
};

namespace detail {

/// Calls `f(begin, end)` for every run of steps that starts at a checkpoint
/// (or at the initial state, when there are none) and ends before the next
/// one or at the end of the loop.
template <class F>
void for_each_segment(int seq_length, int num_checkpoints, F &&f) {
  const int k = num_checkpoints;
  if (seq_length == 0)
    return;
  for (int j = 0; j < std::max(k, 1); ++j) {
    const long long begin = k == 0 ? 0 : checkpoint_position(seq_length, k, j);
    const long long end = k == 0 || j + 1 == k
                              ? seq_length
                              : checkpoint_position(seq_length, k, j + 1);
    f(begin, end);
  }
}

/// Sum over the steps of the distance to their checkpoint (see
/// memory_savings::recomputation_factor): g (g - 1) / 2 per segment of g.
inline long long recomputed_steps(int seq_length, int num_checkpoints) {
  long long total = 0;
  for_each_segment(seq_length, num_checkpoints,
                   [&](long long begin, long long end) {
                     total += (end - begin) * (end - begin - 1) / 2;
                   });
  return total;
}

inline memory_savings savings_for(int seq_length, int k) {
  memory_savings s;
  s.without_checkpointing = seq_length;
  s.with_checkpointing = k;
  s.num_checkpoints = k;
  if (seq_length > 0) {
    s.savings_ratio = 1.0 - static_cast<double>(k) / seq_length;
    s.savings_percent = 100.0 * s.savings_ratio;
    s.recomputation_factor =
        static_cast<double>(recomputed_steps(seq_length, k)) / seq_length;
  }
  return s;
}

} // namespace detail

/// The state-storage savings of `checkpointed_loop` with `num_checkpoints`
/// (-1: automatic, floor(sqrt(seq_length))) over storing every state. For
/// 1000 steps: 31 checkpoints, savings_percent 96.9. Throws as
/// `compute_checkpoint_positions`.
inline memory_savings get_memory_savings(int seq_length,
                                         int num_checkpoints = -1) {
  const int k = detail::resolve_checkpoints(seq_length, num_checkpoints,
                                            "tangent::get_memory_savings");
  return detail::savings_for(seq_length, k);
}

/// `memory_savings` plus step and byte figures.
struct checkpoint_estimate : memory_savings {
  /// Total forward steps a backward pass recomputes
  /// (recomputation_factor * seq_length, exactly).
  long long recomputed_steps = 0;
  /// Longest run of steps between two checkpoints (or to the end).
  long long longest_segment = 0;
  /// The `state_bytes` given (bytes of one state); the byte figures below
  /// are 0 when it is 0.
  std::size_t state_bytes = 0;
  /// without_checkpointing * state_bytes: every state stored.
  long long bytes_without_checkpointing = 0;
  /// with_checkpointing * state_bytes: the checkpoints alone.
  long long bytes_with_checkpointing = 0;
  /// bytes_without_checkpointing - bytes_with_checkpointing.
  long long bytes_saved = 0;
  /// (with_checkpointing + longest_segment) * state_bytes: the most states a
  /// backward pass holds when it rebuilds one segment's states at a time
  /// (capped at bytes_without_checkpointing).
  long long bytes_peak_backward = 0;
};

/// The figures of `get_memory_savings` and, when `state_bytes` (bytes of
/// one state, e.g. `tangent::state_bytes(s)`) is positive, what they mean
/// in bytes (see `checkpoint_estimate`). Throws as `get_memory_savings`.
inline checkpoint_estimate
estimate_checkpoint_savings(int seq_length, int num_checkpoints = -1,
                            std::size_t state_bytes = 0) {
  const int k = detail::resolve_checkpoints(
      seq_length, num_checkpoints, "tangent::estimate_checkpoint_savings");
  checkpoint_estimate e;
  static_cast<memory_savings &>(e) = detail::savings_for(seq_length, k);
  e.recomputed_steps = detail::recomputed_steps(seq_length, k);
  detail::for_each_segment(seq_length, k, [&](long long begin, long long end) {
    e.longest_segment = std::max(e.longest_segment, end - begin);
  });
  e.state_bytes = state_bytes;
  const auto bytes = static_cast<long long>(state_bytes);
  e.bytes_without_checkpointing = e.without_checkpointing * bytes;
  e.bytes_with_checkpointing = e.with_checkpointing * bytes;
  e.bytes_saved = e.bytes_without_checkpointing - e.bytes_with_checkpointing;
  e.bytes_peak_backward =
      std::min(e.bytes_without_checkpointing,
               (e.with_checkpointing + e.longest_segment) * bytes);
  return e;
}

/// Whether checkpointing pays: `get_memory_savings(seq_length).savings_ratio
/// > threshold`. Throws std::invalid_argument for a negative `seq_length`.
inline bool should_checkpoint(int seq_length, double threshold = 0.5) {
  detail::require_seq_length(seq_length, "tangent::should_checkpoint");
  return get_memory_savings(seq_length).savings_ratio > threshold;
}

/// Result of `checkpointed_loop`: `auto [final_state, checkpoints] = ...`.
template <class State> struct loop_result {
  /// The state after all iterations.
  State final_state;
  /// Deep copies of the state before each iteration listed by
  /// `compute_checkpoint_positions`, keyed by iteration index.
  std::map<int, State> checkpoints;
};

/// Runs `state = step(state)` `seq_length` times from `initial_state` and
/// keeps deep copies of the state before each iteration in
/// `compute_checkpoint_positions(seq_length, k)`, where k is
/// `num_checkpoints`, or `compute_optimal_checkpoints(seq_length)` for -1.
/// Any copyable State works (vectors, arrays, tuples, structs). Throws
/// std::invalid_argument for a negative `seq_length`, `num_checkpoints`
/// below -1 or above `seq_length`.
template <class Step, class State>
loop_result<State> checkpointed_loop(Step &&step, const State &initial_state,
                                     int seq_length, int num_checkpoints = -1) {
  static_assert(std::is_copy_constructible_v<State>,
                "tangent::checkpointed_loop: the state must be copyable");
  static_assert(std::is_invocable_v<Step &, const State &>,
                "tangent::checkpointed_loop: step must be callable as "
                "step(state)");
  const int k = detail::resolve_checkpoints(seq_length, num_checkpoints,
                                            "tangent::checkpointed_loop");
  loop_result<State> result{initial_state, {}};
  State &state = result.final_state;
  int next = 0; // index of the next checkpoint position
  int next_position = k > 0 ? 0 : seq_length;
  for (int i = 0; i < seq_length; ++i) {
    if (i == next_position) {
      result.checkpoints.emplace_hint(result.checkpoints.end(), i, state);
      ++next;
      next_position = next < k
                          ? detail::checkpoint_position(seq_length, k, next)
                          : seq_length;
    }
    state = std::invoke(step, std::as_const(state));
  }
  return result;
}

/// A layer of a checkpointed layer list: maps an activation to the next.
template <class T> using layer = std::function<T(const T &)>;

/// Result of `checkpoint_forward`: `auto [output, saved] = ...`.
template <class T> struct forward_result {
  /// The output of the last layer (the input when there are no layers).
  T output;
  /// Copies of the input (key -1) and of each listed layer's output.
  std::map<int, T> saved;
};

namespace detail {
inline void require_layer_index(int index, std::size_t count,
                                const char *function, const char *what) {
  if (index < 0 || static_cast<std::size_t>(index) >= count)
    throw std::out_of_range(std::string(function) + ": " + what + " " +
                            std::to_string(index) + " is out of range [0, " +
                            std::to_string(count) + ")");
}
} // namespace detail

/// Runs `layers` in order from `x`, keeping copies of `x` (key -1) and of
/// the output of every layer listed in `checkpoint_indices`. Throws
/// std::out_of_range for a checkpoint index outside [0, layers.size()).
template <class T>
forward_result<T>
checkpoint_forward(const std::vector<layer<std::type_identity_t<T>>> &layers,
                   const T &x, const std::vector<int> &checkpoint_indices) {
  constexpr const char *fn = "tangent::checkpoint_forward";
  std::vector<bool> keep(layers.size(), false);
  for (int index : checkpoint_indices) {
    detail::require_layer_index(index, layers.size(), fn, "checkpoint index");
    keep[static_cast<std::size_t>(index)] = true;
  }
  forward_result<T> result{x, {}};
  result.saved.emplace(-1, x);
  for (std::size_t i = 0; i < layers.size(); ++i) {
    result.output = layers[i](result.output);
    if (keep[i])
      result.saved.insert_or_assign(static_cast<int>(i), result.output);
  }
  return result;
}

/// The output of layer `layer_idx`, recomputed from the nearest activation
/// in `saved` with a key strictly below `layer_idx` (the input, key -1,
/// always qualifies) by running only the layers after it. Throws
/// std::out_of_range for `layer_idx` or a checkpoint index outside
/// [0, layers.size()), std::invalid_argument if `saved` has no key below
/// `layer_idx` in [-1, layer_idx).
template <class T>
T checkpoint_recompute(
    const std::vector<layer<std::type_identity_t<T>>> &layers,
    const std::map<int, T> &saved, const std::vector<int> &checkpoint_indices,
    int layer_idx) {
  constexpr const char *fn = "tangent::checkpoint_recompute";
  detail::require_layer_index(layer_idx, layers.size(), fn, "layer_idx");
  for (int index : checkpoint_indices)
    detail::require_layer_index(index, layers.size(), fn, "checkpoint index");
  auto it = saved.lower_bound(layer_idx);
  if (it == saved.begin() || std::prev(it)->first < -1)
    throw std::invalid_argument(
        std::string(fn) + ": saved has no activation below layer_idx " +
        std::to_string(layer_idx) + " (the input belongs under key -1)");
  --it;
  T activation = it->second;
  for (int i = it->first + 1; i <= layer_idx; ++i)
    activation = layers[static_cast<std::size_t>(i)](activation);
  return activation;
}

} // namespace tangent

#endif // TANGENT_CHECKPOINT_HPP
