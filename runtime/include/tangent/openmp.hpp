//===- tangent/openmp.hpp - parallel loops in generated code ----*- C++ -*-===//
///
/// \file
/// What generated code uses to run the forward and reverse sweeps of an
/// OpenMP `parallel for` loop in parallel (docs/openmp.md):
///
///  - `detail::omp_threads()`, `detail::omp_thread()`: the team size a
///    region gets and the calling thread's number (1 and 0 without
///    `-fopenmp`, where the pragmas are ignored and every loop runs on the
///    calling thread);
///  - `detail::omp_team`, `detail::omp_member`: one tape per thread for
///    loops whose iterations record a varying number of values. Thread k
///    records each of its iterations onto `tape.team().at(k)`, then how many
///    it ran; the reverse sweep hands tape k to one thread, which reverses
///    those iterations. Any number of threads can reverse them: the records
///    are independent of which thread pops them;
///  - `detail::omp_private`, `detail::omp_reduce`: adjoints that several
///    iterations update (of data every iteration reads) are privatised, one
///    zeroed copy per thread or tape, and summed into the adjoint after the
///    loop in thread order, so the result does not depend on timing (for a
///    pointer parameter, `omp_elements`: the elements a thread touches).
///
/// Included by tangent.hpp.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_OPENMP_HPP
#define TANGENT_OPENMP_HPP

#include "tangent/tape.hpp"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace tangent::detail {

/// The number of threads a parallel region started here would get at most.
inline int omp_threads() noexcept {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

/// The calling thread's number in its parallel region (0 outside one).
inline int omp_thread() noexcept {
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
}

/// The team tapes of one execution of a parallel loop's forward or reverse
/// sweep, around its parallel region: `threads` tapes of `owner.team()`,
/// handed over to the region's threads while it runs and counted on this
/// thread again when finish() (or the destructor) runs.
class omp_team {
public:
  omp_team(tape &owner, int threads)
      : owner_(owner), threads_(threads < 1 ? 1 : threads),
        used_(static_cast<std::size_t>(threads_), 0) {
    owner_.team().reserve(static_cast<std::size_t>(threads_));
    for (int k = 0; k < threads_; ++k)
      at(k).hand_over();
  }
  omp_team(const omp_team &) = delete;
  omp_team &operator=(const omp_team &) = delete;
  ~omp_team() { take_back(); }

  int threads() const noexcept { return threads_; }
  tape &at(int k) noexcept {
    return owner_.team().at(static_cast<std::size_t>(k));
  }
  /// Thread `k` records onto its tape in this region (omp_member).
  void mark(int k) noexcept { used_[static_cast<std::size_t>(k)] = 1; }

  /// After a forward region: the tapes count on this thread again, and a
  /// tape no thread used (the region got fewer threads) records that it ran
  /// no iteration, so that every tape holds a count for the reverse sweep.
  void finish_forward() {
    take_back();
    for (int k = 0; k < threads_; ++k)
      if (!used_[static_cast<std::size_t>(k)])
        at(k).push(std::size_t{0});
  }

private:
  void take_back() noexcept {
    if (taken_)
      return;
    taken_ = true;
    for (int k = 0; k < threads_; ++k)
      at(k).take_over();
  }

  tape &owner_;
  int threads_;
  std::vector<char> used_; ///< one byte per thread: no two share a word
  bool taken_ = false;
};

/// In a parallel region, the tape of team member `k` (the calling thread's
/// number by default): counted on this thread while it lives, and the tape
/// that tangent::thread_tape() returns here, so that callees record onto it.
class omp_member {
public:
  explicit omp_member(omp_team &team) : omp_member(team, omp_thread()) {}
  omp_member(omp_team &team, int k) : tape_(team.at(k)), redirect_(tape_) {
    tape_.take_over();
    team.mark(k);
  }
  omp_member(const omp_member &) = delete;
  omp_member &operator=(const omp_member &) = delete;
  ~omp_member() { tape_.hand_over(); }

  tangent::tape &tape() noexcept { return tape_; }

private:
  tangent::tape &tape_;
  tape_redirect redirect_;
};

/// A zeroed value shaped like `v` (a scalar, or a container of them).
template <class T> T omp_zeroed(const T &v) {
  if constexpr (std::is_arithmetic_v<T>) {
    return T(0);
  } else {
    T out = v;
    for (auto &e : out)
      e = omp_zeroed(e);
    return out;
  }
}

/// Adds `from` into `into`, element by element.
template <class T> void omp_add(T &into, const T &from) {
  if constexpr (std::is_arithmetic_v<T>) {
    into += from;
  } else {
    auto i = std::begin(into);
    for (const auto &e : from)
      omp_add(*i++, e);
  }
}

/// `threads` zeroed copies of an adjoint, one per thread (or team tape).
template <class T> std::vector<T> omp_private(const T &adjoint, int threads) {
  return std::vector<T>(static_cast<std::size_t>(threads < 1 ? 1 : threads),
                        omp_zeroed(adjoint));
}

/// Adds the copies into the adjoint, in order (a fixed order of additions
/// for a given number of threads).
template <class T> void omp_reduce(T &adjoint, const std::vector<T> &copies) {
  for (const T &c : copies)
    omp_add(adjoint, c);
}

/// A thread's copy of the adjoint of a pointer parameter that several
/// iterations update: its extent is not known, so the copy holds the
/// elements from the lowest index the thread touches to the highest,
/// growing (geometrically, both ways: a reverse sweep walks downwards) as
/// indices outside them come.
template <class T> class alignas(64) omp_elements { // a cache line each
public:
  T &operator[](std::ptrdiff_t i) {
    const auto n = static_cast<std::ptrdiff_t>(v_.size());
    if (n == 0) {
      first_ = lo_ = i;
      hi_ = i + 1;
      v_.resize(1);
      return v_[0];
    }
    if (i < first_) {
      const std::ptrdiff_t more = std::max(first_ - i, n);
      v_.insert(v_.begin(), static_cast<std::size_t>(more), T(0));
      first_ -= more;
    } else if (i - first_ >= n) {
      v_.resize(static_cast<std::size_t>(std::max(i - first_ + 1, 2 * n)));
    }
    if (i < lo_)
      lo_ = i;
    if (i >= hi_)
      hi_ = i + 1;
    return v_[static_cast<std::size_t>(i - first_)];
  }
  /// Adds the elements touched into the adjoint they copy.
  void add_into(T *adjoint) const {
    for (std::ptrdiff_t i = lo_; i < hi_; ++i)
      adjoint[i] += v_[static_cast<std::size_t>(i - first_)];
  }

private:
  std::vector<T> v_;
  std::ptrdiff_t first_ = 0, lo_ = 0, hi_ = 0; ///< v_[0]'s index, touched
};

/// `threads` empty copies of a pointer parameter's adjoint.
template <class T> std::vector<omp_elements<T>> omp_private(T *, int threads) {
  return std::vector<omp_elements<T>>(
      static_cast<std::size_t>(threads < 1 ? 1 : threads));
}

/// Adds the copies into the pointer parameter's adjoint, in thread order.
template <class T>
void omp_reduce(T *adjoint, const std::vector<omp_elements<T>> &copies) {
  for (const omp_elements<T> &c : copies)
    c.add_into(adjoint);
}

} // namespace tangent::detail

#endif // TANGENT_OPENMP_HPP
