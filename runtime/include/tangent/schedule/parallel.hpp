//===- tangent/schedule/parallel.hpp - segments replayed ahead --*- C++ -*-===//
///
/// \file
/// sqrt(n) segment checkpointing with the replays shared by this thread and
/// a helper thread (`options{.threads = 2}`). The forward sweep tapes the
/// last segment as it goes (onto the caller's tape) instead of replaying
/// it. In the reverse sweep two replay slots (a tape and a copy of the
/// loop's variables each) hold replayed segments: the helper replays the
/// highest segment no one has claimed whenever a slot is free; this thread
/// reverses the segments in order, and while the one it needs is still
/// being replayed it replays the next unclaimed one itself. Replays and
/// reversals thus share the two cores, and memory stays at the snapshots
/// plus two segments' tapes.
///
/// Generated code (plugin/codegen/LoopParallel.cpp):
/// \code
///   auto *ck = tangent::detail::adopt(new parallel_segments<S>(n));
///   for (k = 0; k < n; ++k)
///     if (k < ck->taped_from()) { ck->before_with(k, make); /* untaped */ }
///     else { /* taped body */ }
///   tape.push(ck);
///   ...
///   auto *ck = tape.pop<parallel_segments<S> *>();
///   ck->reverse(work, replay, adopt, reverse);
///   tangent::detail::release(ck);
/// \endcode
/// `work` is a copy of every variable the loop writes (each slot has its
/// own); `replay(work, snapshot, b, e)` runs iterations [b, e) taped from
/// the snapshot in those copies (on either thread; thread_tape() is then
/// the slot's tape); `adopt(work)` copies them into the caller's variables
/// (the state after the segment, as a sequential replay leaves it);
/// `reverse(b, e)` reverses iterations [b, e) from thread_tape(). The same
/// statements run in the same order on the same values as a sequential
/// replay, so the gradient is bitwise identical to the full tape.
///
/// Threads: one helper per calling thread, started on first use and reused
/// by every later call (joined when the calling thread ends). No allocation
/// per segment once the tapes and the work copy have grown. An exception in
/// a replay is rethrown on the calling thread; an exception in the reverse
/// waits for the helper before it leaves.
///
/// Memory (tangent::stats, on the calling thread): the snapshots and the
/// slots' tapes; a tape the helper fills is counted here from when this
/// thread takes it over to reverse it (the peak is the snapshots plus two
/// segments' tapes). The two copies of the loop's variables are not
/// counted, as the variables themselves are not.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SCHEDULE_PARALLEL_HPP
#define TANGENT_SCHEDULE_PARALLEL_HPP

#include "tangent/schedule/actions.hpp"
#include "tangent/schedule/budget.hpp"
#include "tangent/snapshots.hpp"
#include "tangent/stats.hpp"
#include "tangent/support.hpp"
#include "tangent/tape.hpp"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

namespace tangent {

namespace detail {

/// A thread that runs one job at a time for its owner thread.
class helper_thread {
public:
  helper_thread() = default;
  helper_thread(const helper_thread &) = delete;
  helper_thread &operator=(const helper_thread &) = delete;
  ~helper_thread() {
    if (!thread_.joinable())
      return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }

  /// Starts `job(argument)` on the helper; the helper must be idle.
  void run(void (*job)(void *), void *argument) {
    if (!thread_.joinable())
      thread_ = std::thread([this] { serve(); });
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = job;
      argument_ = argument;
      busy_ = true;
    }
    changed_.notify_all();
  }

  /// Waits for the job; rethrows what it threw.
  void wait() {
    std::exception_ptr error;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [&] { return !busy_; });
      error = std::exchange(error_, nullptr);
    }
    if (error)
      std::rethrow_exception(error);
  }

  /// Waits for the job and drops what it threw (unwinding already).
  void wait_quietly() noexcept {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return !busy_; });
    error_ = nullptr;
  }

private:
  void serve() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return busy_ || stop_; });
      if (stop_)
        return;
      void (*job)(void *) = job_;
      void *argument = argument_;
      lock.unlock();
      std::exception_ptr error;
      try {
        job(argument);
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      error_ = error;
      busy_ = false;
      changed_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  void (*job_)(void *) = nullptr;
  void *argument_ = nullptr;
  bool busy_ = false;
  bool stop_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

/// The calling thread's helper (started on first use, kept until the
/// calling thread ends).
inline helper_thread &this_thread_helper() {
  thread_local helper_thread helper;
  return helper;
}

} // namespace detail

/// The sqrt(n) segment reversal of one counted loop of n iterations, with
/// replays on the helper thread (see the file comment).
template <class State> class parallel_segments : public detail::owned_reversal {
public:
  explicit parallel_segments(step_index n)
      : n_(n < 0 ? 0 : n), length_(detail::segment_length(n_)),
        segments_((n_ + length_ - 1) / length_),
        taped_from_(segments_ > 0 ? (segments_ - 1) * length_ : 0) {
    snapshots_.reserve(
        static_cast<std::size_t>(segments_ > 0 ? segments_ - 1 : 0));
  }
  parallel_segments(const parallel_segments &) = delete;
  parallel_segments &operator=(const parallel_segments &) = delete;
  ~parallel_segments() override {
    for (const State &s : snapshots_)
      stats::detail::sub(state_bytes(s));
  }

  /// Segment length L = ceil(sqrt(n)).
  step_index segment_length() const noexcept { return length_; }
  /// The first iteration of the last segment, which the forward sweep tapes.
  step_index taped_from() const noexcept { return taped_from_; }

  /// Before untaped iteration k: a snapshot at every segment start.
  template <class Make> void before_with(step_index k, Make &&make) {
    if (k % length_ != 0)
      return;
    snapshots_.push_back(make());
    stats::detail::add(state_bytes(snapshots_.back()));
  }

  /// Reverses the loop (see the file comment for the callbacks).
  template <class Work, class Replay, class Adopt, class Reverse>
  void reverse(Work &work, Replay &&replay, Adopt &&adopt, Reverse &&reverse) {
    if (segments_ == 0)
      return;
    if (static_cast<step_index>(snapshots_.size()) != segments_ - 1)
      throw std::logic_error("tangent::parallel_segments: the forward sweep "
                             "stored " +
                             std::to_string(snapshots_.size()) +
                             " snapshots for " + std::to_string(segments_) +
                             " segments");
    Work works[2] = {work, work};
    shared_ state;
    state.next = segments_ - 2;
    auto replay_in = [&](int slot, const State &from, step_index segment) {
      detail::tape_redirect redirect(tapes_[slot]);
      replay(works[slot], from, segment * length_,
             std::min(n_, (segment + 1) * length_));
    };
    auto serve = [&] { serve_claims(state, replay_in); };
    using serve_type = decltype(serve);
    detail::helper_thread &helper = detail::this_thread_helper();
    struct stop_helper { // also when this thread throws
      shared_ &state;
      detail::helper_thread &helper;
      bool running = false;
      ~stop_helper() {
        if (!running)
          return;
        {
          std::lock_guard<std::mutex> lock(state.mutex);
          state.stop = true;
        }
        state.changed.notify_all();
        helper.wait_quietly();
      }
    } stopper{state, helper};
    if (segments_ >= 2) {
      stopper.running = true;
      helper.run([](void *p) { (*static_cast<serve_type *>(p))(); }, &serve);
    }

    // The last segment, taped by the forward sweep, from the caller's tape.
    reverse(taped_from_, n_);
    stats::detail::sync_all(); // the caller's tape's pops, before more pushes
    for (step_index segment = segments_ - 1; segment-- > 0;) {
      const int slot = ready_slot(state, segment, replay_in);
      adopt(works[slot]);
      // The replayed tape is counted before its snapshot is dropped: both
      // were held at once while the helper replayed, whichever thread did.
      tape &t = tapes_[slot];
      t.take_over();
      stats::detail::sub(state_bytes(snapshots_.back()));
      snapshots_.pop_back();
      {
        detail::tape_redirect redirect(t);
        reverse(segment * length_, (segment + 1) * length_);
      }
      if (!t.empty())
        throw std::logic_error("tangent::parallel_segments: the reverse of a "
                               "segment left " +
                               std::to_string(t.size_bytes()) +
                               " bytes on its replay tape");
      t.hand_over(); // free for either thread
      {
        std::lock_guard<std::mutex> lock(state.mutex);
        state.slot[slot] = -1;
      }
      state.changed.notify_all();
    }
  }

private:
  /// What the two threads share during a reversal: which segment each of
  /// the two replay slots holds (-1: free), whether it is replayed yet, the
  /// highest segment no one has claimed, and a replay's exception.
  struct shared_ {
    std::mutex mutex;
    std::condition_variable changed;
    step_index slot[2] = {-1, -1};
    bool ready[2] = {false, false};
    step_index next = -1;
    bool stop = false;
    std::exception_ptr error;
  };

  static int free_slot(const shared_ &s) {
    return s.slot[0] < 0 ? 0 : s.slot[1] < 0 ? 1 : -1;
  }

  /// Claims the highest unclaimed segment into a free slot (under the
  /// lock); returns the slot, or -1.
  int claim(shared_ &s, step_index &segment, const State *&from) {
    const int slot = free_slot(s);
    if (slot < 0 || s.next < 0)
      return -1;
    segment = s.next--;
    s.slot[slot] = segment;
    s.ready[slot] = false;
    from = &snapshots_[static_cast<std::size_t>(segment)];
    return slot;
  }

  /// The helper: replays the highest unclaimed segment whenever a slot is
  /// free, until every segment is claimed or the reversal stops.
  template <class ReplayIn> void serve_claims(shared_ &s, ReplayIn &replay_in) {
    std::unique_lock<std::mutex> lock(s.mutex);
    for (;;) {
      step_index segment = -1;
      const State *from = nullptr;
      int slot = -1;
      s.changed.wait(lock, [&] {
        return s.stop || s.next < 0 || (slot = claim(s, segment, from)) >= 0;
      });
      if (slot < 0)
        return;
      lock.unlock();
      std::exception_ptr error;
      try {
        replay_in(slot, *from, segment);
      } catch (...) {
        error = std::current_exception();
      }
      tapes_[slot].hand_over();
      lock.lock();
      s.ready[slot] = true;
      if (error) {
        s.error = error;
        s.stop = true;
      }
      s.changed.notify_all();
      if (s.stop)
        return;
    }
  }

  /// This thread: the slot holding `segment` replayed. While the helper
  /// replays it, this thread replays the next unclaimed one, if a slot is
  /// free; if no one has claimed it, this thread replays it.
  template <class ReplayIn>
  int ready_slot(shared_ &s, step_index segment, ReplayIn &replay_in) {
    std::unique_lock<std::mutex> lock(s.mutex);
    for (;;) {
      if (s.error)
        std::rethrow_exception(s.error);
      for (int i = 0; i < 2; ++i)
        if (s.slot[i] == segment && s.ready[i])
          return i;
      step_index claimed = -1;
      const State *from = nullptr;
      const int slot = claim(s, claimed, from);
      if (slot >= 0) {
        lock.unlock();
        replay_in(slot, *from, claimed);
        lock.lock();
        s.ready[slot] = true;
        s.changed.notify_all();
        continue;
      }
      s.changed.wait(lock);
    }
  }

  step_index n_, length_, segments_, taped_from_;
  std::vector<State> snapshots_;
  tape tapes_[2];
};

} // namespace tangent

#endif // TANGENT_SCHEDULE_PARALLEL_HPP
