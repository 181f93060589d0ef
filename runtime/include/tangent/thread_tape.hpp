//===- tangent/thread_tape.hpp - the tape of the calling thread -*- C++ -*-===//
///
/// \file
/// `tangent::thread_tape()`, the tape that generated code records onto, and
/// `detail::tape_redirect`, which points it at another tape for a while
/// (parallel replay, tangent/schedule/parallel.hpp; parallel loops,
/// tangent/openmp.hpp). Included by tape.hpp, it also defines the functions
/// of detail::tape_team.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_THREAD_TAPE_HPP
#define TANGENT_THREAD_TAPE_HPP

#include "tangent/tape.hpp"

namespace tangent {

namespace detail {
/// The tape that thread_tape() returns instead of the thread's own, while a
/// tape_redirect is alive on this thread (parallel replay).
inline thread_local constinit tape *redirected_tape = nullptr;
} // namespace detail

/// The calling thread's tape, created on first use and kept (with its
/// chunks) until the thread ends; or, under a detail::tape_redirect, the
/// tape it names.
inline tape &thread_tape() {
  if (detail::redirected_tape != nullptr) [[unlikely]]
    return *detail::redirected_tape;
  thread_local tape t;
  return t;
}

namespace detail {
/// While alive, thread_tape() on this thread returns `to`: generated code
/// (and the callees it calls) records onto `to` and reads back from it.
class tape_redirect {
public:
  explicit tape_redirect(tape &to) noexcept : outer_(redirected_tape) {
    redirected_tape = &to;
  }
  tape_redirect(const tape_redirect &) = delete;
  tape_redirect &operator=(const tape_redirect &) = delete;
  ~tape_redirect() { redirected_tape = outer_; }

private:
  tape *outer_;
};
// detail::tape_team (detail/tape_team.hpp), now that `tape` is complete.
inline tape_team::~tape_team() = default;

inline void tape_team::reserve(std::size_t n) {
  while (tapes_.size() < n)
    tapes_.push_back(owned<tape>(new tape()));
}

inline void tape_team::clear() noexcept {
  for (auto &t : tapes_)
    t->clear();
}

inline void tape_team::hand_over() noexcept {
  for (auto &t : tapes_)
    t->hand_over();
}

inline void tape_team::take_over() noexcept {
  for (auto &t : tapes_)
    t->take_over();
}

} // namespace detail

} // namespace tangent

#endif // TANGENT_THREAD_TAPE_HPP
