//===- tangent/options.hpp - the options of a gradient request ------------===//
///
/// \file
/// `tangent::options`, the second template argument of `tangent::grad<f, O>`.
/// It is a structural aggregate, usable as a template argument, and the one
/// definition of the options: the generator reads the fields of this very
/// type by name (plugin/ir/Options.h), so adding a field here and there is
/// all it takes.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_OPTIONS_HPP
#define TANGENT_OPTIONS_HPP

#include <cstdint>

namespace tangent {

/// Bit mask selecting parameters by index: `wrt_params(0, 2)`.
template <class... I> constexpr std::uint64_t wrt_params(I... index) {
  return ((std::uint64_t{1} << index) | ... | std::uint64_t{0});
}

/// Options of a gradient request. The field order is part of the contract
/// (designated initializers must follow it).
struct options {
  /// Checkpoint every eligible counted loop with ceil(sqrt(n)) segments.
  bool checkpoint = false;
  /// Eligibility threshold: constant trip count at least this.
  int min_length = 100;
  /// Snapshot budget of online checkpointing (loops of unknown trip count).
  int budget = 32;
  /// Run the generator's optimizations (activity, to-be-recorded).
  bool optimized = true;
  /// Parameters to differentiate with respect to (bit i = parameter i);
  /// default: every differentiable parameter.
  std::uint64_t wrt = ~std::uint64_t{0};
  /// Bytes of tape and snapshots one gradient call may hold (0: no budget).
  /// Under a budget every eligible loop picks, when it starts, the full
  /// tape, sqrt(n) segments, binomial checkpointing or snapshots spilled
  /// to files, whichever fits first (tangent/schedule/budget.hpp).
  long long memory_budget = 0;
  /// Threads a gradient call may use (1: this thread only). With 2 or more,
  /// loops checkpointed with sqrt(n) segments are replayed by a helper
  /// thread while this thread reverses (tangent/schedule/parallel.hpp); one
  /// helper is used whatever the number.
  int threads = 1;
  /// Let the generator recompute rather than record: a counted loop of the
  /// requested function whose iterations record much more than the state
  /// they start from, and are cheap to run again, records only that state
  /// per iteration and runs each iteration again, taped, in the reverse
  /// sweep (the same operations: bitwise the same gradient). `false` keeps
  /// every record on the tape.
  bool recompute = true;

  friend constexpr bool operator==(const options &, const options &) = default;
};

} // namespace tangent

#endif // TANGENT_OPTIONS_HPP
