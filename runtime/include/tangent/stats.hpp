//===- tangent/stats.hpp - per-thread memory accounting ---------*- C++ -*-===//
///
/// \file
/// Byte counters for the memory that tapes and snapshot stores hold on the
/// calling thread.
///
/// A measurement:
/// \code
///   tangent::stats::reset();                 // peak := current
///   df(x);                                   // run a gradient
///   std::size_t peak = tangent::stats::peak_bytes();
/// \endcode
///
/// What is counted: the bytes *in use* by `tangent::tape` (pushed and not yet
/// popped, rounded up to the tape's 4 KiB accounting block; with
/// `TANGENT_TAPE_CHECKS=1` also its check log's entries, rounded up on their
/// own) and the deep size (`tangent::state_bytes`) of every snapshot held by
/// `tangent::snapshots` and `tangent::snapshot_slots`. Capacity that a tape
/// keeps for reuse is not counted, so a measurement sees only its own run,
/// whatever ran before.
///
/// How (for maintainers): snapshot stores count eagerly (`detail::add`,
/// `detail::sub`). A tape counts its growth eagerly, on its slow path, when
/// it grows past the highest block it has counted, but does not count pops
/// as they happen: it is registered as a *lazy source* of its thread, and
/// every entry point here (and every eager `add`) first asks the thread's
/// lazy sources to bring their counts down to what they hold. Counts only
/// ever rise on the eager paths, so the peak is exact at block granularity,
/// and `current_bytes()` is exact whenever it is read.
///
/// The counters are `thread_local`: each thread measures its own tapes and
/// stores. Memory is counted on the thread that allocates it and un-counted
/// on the thread that releases it, so a tape or store should be used by one
/// thread.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_STATS_HPP
#define TANGENT_STATS_HPP

#include <cstddef>

namespace tangent::stats {

namespace detail {

/// The counters of one thread. Trivially destructible and constant
/// initialized, so they are usable from other thread_local destructors (the
/// thread's tape un-counts itself at thread exit).
struct counters {
  std::size_t current = 0;
  std::size_t peak = 0;
  std::size_t watched = 0; ///< the peak since the innermost watch began
};

inline thread_local constinit counters thread_counters{};

/// Raises the count by `bytes` (and the peak with it); no synchronization.
inline void raise(std::size_t bytes) noexcept {
  counters &c = thread_counters;
  c.current += bytes;
  if (c.current > c.peak)
    c.peak = c.current;
  if (c.current > c.watched)
    c.watched = c.current;
}

/// Lowers the count by `bytes` (never below zero); no synchronization.
inline void lower(std::size_t bytes) noexcept {
  counters &c = thread_counters;
  c.current = bytes < c.current ? c.current - bytes : 0;
}

/// A holder of memory whose decreases are counted on demand (a tape): it
/// links itself into its thread's list, and `sync` makes its count exact.
struct lazy_source {
  lazy_source *next = nullptr;
  lazy_source *previous = nullptr;
  void (*sync)(lazy_source &) noexcept = nullptr;
  bool linked = false;
};

inline thread_local constinit lazy_source *lazy_sources = nullptr;

/// Adds `source` to the calling thread's lazy sources.
inline void link(lazy_source &source) noexcept {
  source.previous = nullptr;
  source.next = lazy_sources;
  if (lazy_sources != nullptr)
    lazy_sources->previous = &source;
  lazy_sources = &source;
  source.linked = true;
}

/// Removes `source` from the calling thread's lazy sources.
inline void unlink(lazy_source &source) noexcept {
  if (!source.linked)
    return;
  if (source.previous != nullptr)
    source.previous->next = source.next;
  else
    lazy_sources = source.next;
  if (source.next != nullptr)
    source.next->previous = source.previous;
  source.next = source.previous = nullptr;
  source.linked = false;
}

/// Makes every lazy source's count of this thread exact.
inline void sync_all() noexcept {
  for (lazy_source *s = lazy_sources; s != nullptr; s = s->next)
    s->sync(*s);
}

/// Counts `bytes` more as held by this thread; raises the peak if needed.
inline void add(std::size_t bytes) noexcept {
  sync_all();
  raise(bytes);
}

/// Counts `bytes` less as held by this thread (never below zero).
inline void sub(std::size_t bytes) noexcept { lower(bytes); }

/// Starts measuring the peak of an interval without touching `peak_bytes()`
/// (the memory budget's per-loop peaks, schedule/budget.hpp): returns the
/// mark of the interval around it, for watch_end.
inline std::size_t watch_begin() noexcept {
  sync_all();
  counters &c = thread_counters;
  const std::size_t outer = c.watched;
  c.watched = c.current;
  return outer;
}

/// Ends the interval watch_begin started: the most bytes held at once in
/// it. The interval around it (`outer`) goes on, its peak kept.
inline std::size_t watch_end(std::size_t outer) noexcept {
  sync_all();
  counters &c = thread_counters;
  const std::size_t peak = c.watched;
  c.watched = outer > peak ? outer : peak;
  return peak;
}

} // namespace detail

/// Starts a measurement: the peak becomes the bytes held now.
inline void reset() noexcept {
  detail::sync_all();
  detail::thread_counters.peak = detail::thread_counters.current;
}

/// The most bytes held at once by tapes and snapshots on this thread since
/// the last `reset()` (or since the thread started).
inline std::size_t peak_bytes() noexcept {
  detail::sync_all();
  return detail::thread_counters.peak;
}

/// The bytes held now by tapes and snapshots on this thread.
inline std::size_t current_bytes() noexcept {
  detail::sync_all();
  return detail::thread_counters.current;
}

} // namespace tangent::stats

#endif // TANGENT_STATS_HPP
