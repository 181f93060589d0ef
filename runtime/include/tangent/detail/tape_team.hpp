//===- tangent/detail/tape_team.hpp - tapes of a tape's threads -*- C++ -*-===//
///
/// \file
/// `detail::tape_team`: the tapes that the threads of a parallel loop
/// (OpenMP, tangent/openmp.hpp) record onto, one per thread number, owned by
/// the tape the loop's function records onto. Records of every execution of
/// the loop stack up on them as on any tape, and the reverse sweep pops them
/// in reverse order. Between parallel regions they are counted in
/// tangent::stats on the owner's thread; inside a region, on the thread
/// that uses them. Its functions are defined in thread_tape.hpp, once
/// `tape` is complete.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_DETAIL_TAPE_TEAM_HPP
#define TANGENT_DETAIL_TAPE_TEAM_HPP

#include "tangent/detail/owned.hpp"

#include <cstddef>
#include <vector>

namespace tangent {

class tape;

namespace detail {

class tape_team {
public:
  tape_team() = default;
  tape_team(const tape_team &) = delete;
  tape_team &operator=(const tape_team &) = delete;
  ~tape_team();

  /// Makes sure there are at least `n` tapes. Not thread-safe: call it
  /// before the parallel region.
  void reserve(std::size_t n);
  /// The tape of thread `k` (< the reserved count).
  tape &at(std::size_t k) noexcept { return *tapes_[k]; }
  std::size_t size() const noexcept { return tapes_.size(); }

  /// What the owning tape's clear(), hand_over() and take_over() do to its
  /// own storage, done to the team's tapes.
  void clear() noexcept;
  void hand_over() noexcept;
  void take_over() noexcept;

private:
  std::vector<owned<tape>> tapes_;
};

} // namespace detail
} // namespace tangent

#endif // TANGENT_DETAIL_TAPE_TEAM_HPP
