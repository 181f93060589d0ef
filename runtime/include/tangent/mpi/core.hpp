//===- tangent/mpi/core.hpp - records and bookkeeping of tangent::mpi -----===//
///
/// \file
/// What the calls of tangent/mpi.hpp share: the record each forward call
/// pushes on the tape (`detail::record`), the checks of MPI return codes and
/// of the order of reverse calls, the table of requests started by
/// `isend`/`irecv` and not yet completed, and the table of adjoint transfers
/// started by `wait_reverse`/`waitall_reverse` and not yet completed by
/// `isend_reverse`/`irecv_reverse`. Both tables are per thread.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_MPI_CORE_HPP
#define TANGENT_MPI_CORE_HPP

#include "tangent/tape.hpp"

#include <mpi.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace tangent::mpi {

/// Requests and adjoint transfers of the calling thread that are not
/// completed yet (see `pending()`).
struct pending_counts {
  /// Started by `isend`/`irecv`, not yet completed by `wait`/`waitall`.
  std::size_t requests = 0;
  /// Started by `wait_reverse`/`waitall_reverse`, not yet completed by
  /// `isend_reverse`/`irecv_reverse`.
  std::size_t adjoint_transfers = 0;
};

namespace detail {

/// The forward call a record belongs to. Reverse calls check it.
enum class call : std::uint8_t {
  send = 1,
  recv,
  sendrecv_send, ///< The send half of a sendrecv (pushed first).
  sendrecv_recv, ///< Its receive half.
  isend,
  irecv,
  request, ///< One request completed by wait or waitall.
  wait,    ///< Follows the request records of one wait.
  waitall, ///< Follows the request records of one waitall.
  allreduce,
  allreduce_in_place,
  reduce,
  bcast,
};

/// Marks tangent::mpi's records on the tape ("tMPI").
inline constexpr std::uint32_t record_mark = 0x74'4d'50'49;

/// What one forward call (or one half of a sendrecv, or one completed
/// request) leaves on the tape for its reverse.
struct record {
  MPI_Comm comm;
  const double *buf;  ///< The primal buffer (requests: mapped to an adjoint).
  std::uint64_t id;   ///< The request's number (isend, irecv, request).
  int count;          ///< Elements the call was given.
  int moved;          ///< Elements that arrived (receives), else `count`.
  int peer;           ///< Destination, actual source, or root.
  int tag;            ///< Tag, actual tag, or reduction (0 sum, 1 max).
  std::uint32_t mark; ///< record_mark.
  call what;
  bool sends; ///< isend/request: whether the request sent (else received).
};

/// Reductions the collectives differentiate.
inline constexpr int op_sum = 0;
inline constexpr int op_max = 1;

/// Throws std::runtime_error naming the tangent::mpi function and the MPI
/// call unless `rc` is MPI_SUCCESS.
inline void check(int rc, const char *function, const char *mpi_call) {
  if (rc == MPI_SUCCESS)
    return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  std::string why;
  if (MPI_Error_string(rc, text, &length) == MPI_SUCCESS)
    why.assign(text, static_cast<std::size_t>(length));
  throw std::runtime_error(std::string("tangent::mpi::") + function + ": " +
                           mpi_call + " failed with error " +
                           std::to_string(rc) + (why.empty() ? "" : ": ") +
                           why);
}

[[noreturn]] inline void refuse(const char *function, const std::string &why) {
  throw std::invalid_argument(std::string("tangent::mpi::") + function + ": " +
                              why);
}

[[noreturn]] inline void misuse(const char *function, const std::string &why) {
  throw std::logic_error(std::string("tangent::mpi::") + function + ": " + why);
}

/// Checks a count and a buffer given by pointer.
inline void check_buffer(const void *buf, int count, const char *function,
                         const char *name) {
  if (count < 0)
    refuse(function, std::string("count of '") + name + "' is negative (" +
                         std::to_string(count) + ")");
  if (count > 0 && buf == nullptr)
    refuse(function, std::string("'") + name + "' is null with count " +
                         std::to_string(count));
}

/// The element count of a span as an MPI count.
inline int count_of(std::size_t size, const char *function) {
  if (size > static_cast<std::size_t>(INT_MAX))
    refuse(function,
           "more than INT_MAX elements (" + std::to_string(size) + ")");
  return static_cast<int>(size);
}

/// Checks that an adjoint span has the recorded number of elements.
inline void check_size(std::size_t size, int count, const char *function,
                       const char *name) {
  if (size != static_cast<std::size_t>(count))
    refuse(function, std::string("'") + name + "' has " + std::to_string(size) +
                         " elements, the forward call had " +
                         std::to_string(count));
}

inline const char *call_name(call what) {
  switch (what) {
  case call::send:
    return "send";
  case call::recv:
    return "recv";
  case call::sendrecv_send:
  case call::sendrecv_recv:
    return "sendrecv";
  case call::isend:
    return "isend";
  case call::irecv:
    return "irecv";
  case call::request:
    return "request of a wait";
  case call::wait:
    return "wait";
  case call::waitall:
    return "waitall";
  case call::allreduce:
    return "allreduce";
  case call::allreduce_in_place:
    return "allreduce_in_place";
  case call::reduce:
    return "reduce";
  case call::bcast:
    return "bcast";
  }
  return "unknown call";
}

/// Pushes a record of `what`.
inline void push_record(tape &t, record r, call what) {
  r.mark = record_mark;
  r.what = what;
  t.push(r);
}

/// Pops the next record, which must be one of `what`; otherwise puts it
/// back and throws std::logic_error (the tape is left as it was).
inline record pop_record(tape &t, call what, const char *function) {
  if (t.empty())
    misuse(function, "the tape is empty; reverse calls must run in exactly "
                     "the reverse order of the forward calls, on the tape "
                     "the forward calls recorded on");
  if (t.size_bytes() < sizeof(record))
    misuse(function, std::string("the tape's next record should be one of ") +
                         call_name(what) +
                         " but the tape holds less than a record: no "
                         "tangent::mpi record; reverse calls must run in "
                         "exactly the reverse order of the forward calls");
  const record r = t.pop<record>();
  if (r.mark == record_mark && r.what == what)
    return r;
  t.push(r);
  std::string found = r.mark == record_mark
                          ? std::string("a record of ") + call_name(r.what)
                          : std::string("no tangent::mpi record");
  misuse(function, std::string("the tape's next record should be one of ") +
                       call_name(what) + " but it is " + found +
                       "; reverse calls must run in exactly the reverse "
                       "order of the forward calls");
}

/// The count of the record on top of the tape, which must be of `what`
/// (the tape is left as it was).
inline int recorded_count(tape &t, call what, const char *function) {
  const record r = pop_record(t, what, function);
  t.push(r);
  return r.count;
}

/// Whether `count` doubles at `a` and at `b` overlap.
inline bool overlap(const double *a, const double *b, int count) {
  const auto x = reinterpret_cast<std::uintptr_t>(a);
  const auto y = reinterpret_cast<std::uintptr_t>(b);
  const auto bytes = static_cast<std::uintptr_t>(count) * sizeof(double);
  return count > 0 && x < y + bytes && y < x + bytes;
}

/// The rank of the calling process in `comm`.
inline int rank_in(MPI_Comm comm, const char *function) {
  int rank = 0;
  check(MPI_Comm_rank(comm, &rank), function, "MPI_Comm_rank");
  return rank;
}

/// d[i] += v[i].
inline void accumulate(double *d, const double *v, int count) {
  for (int i = 0; i < count; ++i)
    d[i] += v[i];
}

/// d[i] = 0.
inline void zero(double *d, int count) {
  for (int i = 0; i < count; ++i)
    d[i] = 0.0;
}

// ---------------------------------------------------------------------------
// Requests started by isend/irecv (forward sweep).

/// A request started by isend or irecv and not yet completed.
struct started_request {
  MPI_Request request;         ///< The handle MPI gave.
  const MPI_Request *variable; ///< Where isend/irecv wrote it.
  record rec; ///< What its wait records (peer and tag may change).
};

inline std::vector<started_request> &started_requests() {
  thread_local std::vector<started_request> requests;
  return requests;
}

/// A new request number (unique per thread, increasing).
inline std::uint64_t next_id() {
  thread_local std::uint64_t last = 0;
  return ++last;
}

inline bool may_match(int a, int b, int wildcard) {
  return a == b || a == wildcard || b == wildcard;
}

/// Whether messages of `a` and `b` (same direction) can meet on one
/// channel: the same communicator, peers and tags equal or wildcards.
inline bool same_channel(const record &a, bool a_sends, const record &b,
                         bool b_sends) {
  return a_sends == b_sends && a.comm == b.comm &&
         may_match(a.peer, b.peer, MPI_ANY_SOURCE) &&
         may_match(a.tag, b.tag, MPI_ANY_TAG);
}

/// The rule that makes the reversal's messages meet the right receives:
/// on each channel, communications complete in the order they started.
/// `done` completes now; `together` lists the requests completed in the
/// same call (a waitall), which may complete in any order among
/// themselves. Throws std::logic_error before anything happens otherwise.
inline void check_channel_order(const record &done, bool sends,
                                std::span<const std::uint64_t> together,
                                const char *function) {
  if (done.peer == MPI_PROC_NULL)
    return;
  for (const started_request &s : started_requests()) {
    if (s.rec.id >= done.id || s.rec.peer == MPI_PROC_NULL ||
        !same_channel(s.rec, s.rec.sends, done, sends))
      continue;
    bool in_call = false;
    for (std::uint64_t id : together)
      in_call = in_call || id == s.rec.id;
    if (in_call)
      continue;
    misuse(function,
           std::string("a ") + (sends ? "send to rank " : "receive from ") +
               (done.peer == MPI_ANY_SOURCE ? std::string("any source")
                                            : std::to_string(done.peer)) +
               " would complete before an earlier " + call_name(s.rec.what) +
               " on the same communicator, peer "
               "and tag; complete the requests of one channel in the order "
               "they were started, or together in one waitall, so that the "
               "reverse sweep can match their adjoint messages");
  }
}

/// Checks that a blocking send or receive (or a half of a sendrecv), which
/// completes at once, does not overtake a pending request on its channel.
inline void check_blocking(const record &r, bool sends, const char *function) {
  record now = r;
  now.id = ~std::uint64_t{0};
  check_channel_order(now, sends, {}, function);
}

// ---------------------------------------------------------------------------
// Adjoint transfers started by wait_reverse/waitall_reverse (reverse sweep).

/// The adjoint communication of one request, started by the reverse of its
/// wait and completed by the reverse of its isend or irecv.
struct adjoint_transfer {
  std::uint64_t id;
  MPI_Request request;        ///< MPI_REQUEST_NULL if nothing moves.
  std::vector<double> values; ///< Being received (isend) or sent (irecv).
  double *adjoint;            ///< The registered adjoint buffer, or null.
};

inline std::vector<adjoint_transfer> &adjoint_transfers() {
  thread_local std::vector<adjoint_transfer> transfers;
  return transfers;
}

} // namespace detail

/// How many requests and adjoint transfers of the calling thread are still
/// open: both are zero after a forward sweep whose requests were all
/// completed, and after its complete reverse sweep.
inline pending_counts pending() {
  return {detail::started_requests().size(),
          detail::adjoint_transfers().size()};
}

} // namespace tangent::mpi

#endif // TANGENT_MPI_CORE_HPP
