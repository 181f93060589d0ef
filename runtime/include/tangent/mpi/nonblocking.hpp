//===- tangent/mpi/nonblocking.hpp - isend, irecv, wait, waitall ----------===//
///
/// \file
/// Nonblocking point-to-point calls of tangent::mpi and their reverses.
///
/// The reverse sweep meets a wait before the isend or irecv it completed.
/// The reverse of the wait therefore starts each request's adjoint
/// communication, and the reverse of the isend or irecv completes it:
///
/// | forward            | reverse                                          |
/// |--------------------|--------------------------------------------------|
/// | `isend` buf → dest | `isend_reverse`: wait for the adjoint, add it    |
/// |                    | into d_buf                                       |
/// | `irecv` buf ← src  | `irecv_reverse`: wait until the adjoint has gone |
/// | `wait`, `waitall`  | `wait_reverse`, `waitall_reverse`: for a send,   |
/// |                    | MPI_Irecv of its adjoint from dest; for a        |
/// |                    | receive, copy the adjoint of the elements that   |
/// |                    | arrived (found through tangent::mpi::adjoints),  |
/// |                    | zero it, MPI_Isend the copy to the actual source |
///
/// So every rank posts all adjoint messages of an exchange before it waits
/// for any: a halo exchange reverses without deadlock. Within one
/// `waitall_reverse` the adjoint messages are posted in the reverse of the
/// order in which the forward requests were started, which, with the rule
/// below, makes each adjoint message meet the receive of its own forward
/// message.
///
/// Rule checked by `wait`, `waitall`, `send`, `recv` and `sendrecv`: on one
/// channel (communicator, direction, peer, tag; wildcards meet everything)
/// communications complete in the order they started, or together in one
/// waitall. Breaking it throws std::logic_error before anything is done.
///
/// Requests are identified by their MPI_Request value at `wait`: copy the
/// handle freely, but complete it with tangent::mpi::wait or waitall only
/// (not MPI_Test, MPI_Request_free or a direct MPI_Wait).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_MPI_NONBLOCKING_HPP
#define TANGENT_MPI_NONBLOCKING_HPP

#include "tangent/mpi/adjoints.hpp"
#include "tangent/mpi/blocking.hpp"
#include "tangent/mpi/core.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <vector>

namespace tangent::mpi {

namespace detail {

/// Starts the bookkeeping of a request MPI just wrote into `*request`.
inline void track(tape &t, record r, call what, const MPI_Request *request) {
  r.what = what;
  r.mark = record_mark;
  started_requests().push_back({*request, request, r});
  push_record(t, r, what);
}

/// The started requests that `requests[0..n)` complete: `npos` for a null
/// request. A request is found by the variable isend/irecv wrote, else
/// (a copied handle) by its value: the oldest request with that value,
/// since MPI may give one shared handle to requests that completed at once
/// (Open MPI does, for eager sends and MPI_PROC_NULL).
inline std::vector<std::size_t> find_started(int n, const MPI_Request *requests,
                                             const char *function) {
  const std::vector<started_request> &started = started_requests();
  const std::size_t npos = started.size();
  std::vector<std::size_t> where(static_cast<std::size_t>(n), npos);
  std::vector<bool> taken(started.size(), false);
  const auto take = [&](std::size_t i, std::size_t j) {
    where[i] = j;
    taken[j] = true;
  };
  for (std::size_t i = 0; i < where.size(); ++i) {
    if (requests[i] == MPI_REQUEST_NULL)
      continue;
    for (std::size_t j = npos; j-- > 0;) // the newest use of the variable
      if (!taken[j] && started[j].variable == &requests[i] &&
          started[j].request == requests[i]) {
        take(i, j);
        break;
      }
  }
  for (std::size_t i = 0; i < where.size(); ++i) {
    if (requests[i] == MPI_REQUEST_NULL || where[i] != npos)
      continue;
    for (std::size_t j = 0; j < npos; ++j)
      if (!taken[j] && started[j].request == requests[i]) {
        take(i, j);
        break;
      }
    if (where[i] == npos)
      refuse(function, "request " + std::to_string(i) +
                           " was not started by tangent::mpi::isend or "
                           "irecv, or was completed already");
  }
  return where;
}

/// wait (one request) and waitall: completes `n` requests and records each
/// one's final record (actual source, tag and count), then a head of
/// `what` with the number of records.
inline void complete(tape &t, int n, MPI_Request *requests,
                     MPI_Status *statuses, bool statuses_ignored, call what,
                     const char *function) {
  if (n < 0)
    refuse(function, "negative count " + std::to_string(n));
  if (n > 0 && requests == nullptr)
    refuse(function, "'requests' is null");
  std::vector<started_request> &started = started_requests();
  const std::vector<std::size_t> where = find_started(n, requests, function);
  std::vector<std::uint64_t> ids;
  for (std::size_t j : where)
    if (j < started.size())
      ids.push_back(started[j].rec.id);
  for (std::size_t j : where)
    if (j < started.size())
      check_channel_order(started[j].rec, started[j].rec.sends, ids, function);

  std::vector<MPI_Status> local(static_cast<std::size_t>(std::max(n, 1)));
  if (what == call::wait)
    check(MPI_Wait(requests, local.data()), function, "MPI_Wait");
  else
    check(MPI_Waitall(n, requests, local.data()), function, "MPI_Waitall");

  int records = 0;
  for (int i = 0; i < n; ++i) {
    const std::size_t j = where[static_cast<std::size_t>(i)];
    if (j == started.size())
      continue;
    record r = started[j].rec;
    if (!r.sends && r.peer != MPI_PROC_NULL) {
      const MPI_Status &s = local[static_cast<std::size_t>(i)];
      r.peer = s.MPI_SOURCE;
      r.tag = s.MPI_TAG;
      r.moved = arrived(s, function);
    }
    push_record(t, r, call::request);
    ++records;
  }
  std::erase_if(started, [&](const started_request &s) {
    return std::find(ids.begin(), ids.end(), s.rec.id) != ids.end();
  });
  if (!statuses_ignored)
    std::copy_n(local.begin(), n, statuses);
  record head{};
  head.count = records;
  push_record(t, head, what);
}

inline std::string describe_buffer(const record &r) {
  std::ostringstream s;
  s << r.count << " doubles at " << static_cast<const void *>(r.buf);
  return s.str();
}

/// wait_reverse and waitall_reverse: pops the records of one wait or
/// waitall and starts the adjoint communication of each request.
inline void start_adjoints(tape &t, call what, const char *function) {
  const record head = pop_record(t, what, function);
  std::vector<record> records;
  std::vector<double *> found;
  const auto restore = [&] {
    for (auto r = records.rbegin(); r != records.rend(); ++r)
      t.push(*r);
    t.push(head);
  };
  for (int i = 0; i < head.count; ++i) {
    try {
      records.push_back(pop_record(t, call::request, function));
    } catch (...) {
      restore();
      throw;
    }
    const record &r = records.back();
    double *d = adjoints::lookup(r.buf, static_cast<std::size_t>(r.count));
    if (d == nullptr && !r.sends && r.moved > 0) {
      restore();
      misuse(function, "no adjoint registered for the receive buffer of an "
                       "irecv (" +
                           describe_buffer(r) +
                           "); register the buffer and its adjoint with a "
                           "tangent::mpi::adjoints before the reverse sweep");
    }
    found.push_back(d);
  }
  // Post in the reverse of the order the forward requests started.
  std::vector<std::size_t> order(records.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return records[a].id > records[b].id;
  });
  for (std::size_t i : order) {
    const record &r = records[i];
    if (r.peer == MPI_PROC_NULL)
      continue; // nothing moved: no transfer, a reverse that does nothing
    adjoint_transfer tr{r.id, MPI_REQUEST_NULL, {}, found[i]};
    if (r.sends) {
      if (r.peer != MPI_PROC_NULL && r.count > 0) {
        tr.values.assign(static_cast<std::size_t>(r.count), 0.0);
        check(MPI_Irecv(tr.values.data(), r.count, MPI_DOUBLE, r.peer, r.tag,
                        r.comm, &tr.request),
              function, "MPI_Irecv");
      }
    } else if (r.moved > 0) {
      tr.values.assign(tr.adjoint, tr.adjoint + r.moved);
      zero(tr.adjoint, r.moved);
      check(MPI_Isend(tr.values.data(), r.moved, MPI_DOUBLE, r.peer, r.tag,
                      r.comm, &tr.request),
            function, "MPI_Isend");
    }
    adjoint_transfers().push_back(std::move(tr));
  }
}

/// isend_reverse and irecv_reverse: completes the adjoint transfer of the
/// request; for a send, adds the adjoint that arrived into d_buf.
inline void finish_adjoint(tape &t, call what, double *d_buf,
                           const char *function) {
  const record r = pop_record(t, what, function);
  if (r.peer == MPI_PROC_NULL)
    return; // nothing moved, nothing was started
  std::vector<adjoint_transfer> &transfers = adjoint_transfers();
  auto tr =
      std::find_if(transfers.begin(), transfers.end(),
                   [&](const adjoint_transfer &x) { return x.id == r.id; });
  if (tr == transfers.end()) {
    t.push(r);
    misuse(function, std::string("no adjoint transfer of this ") +
                         call_name(what) +
                         "; call the reverse of the wait that completed it "
                         "(wait_reverse or waitall_reverse) first");
  }
  if (tr->adjoint != nullptr && d_buf != tr->adjoint) {
    t.push(r);
    misuse(function, "'d_buf' is not the adjoint registered for the " +
                         describe_buffer(r) + " of the " + call_name(what));
  }
  const bool adds = what == call::isend && !tr->values.empty();
  if (adds && d_buf == nullptr) {
    t.push(r);
    refuse(function, "'d_buf' is null");
  }
  check(MPI_Wait(&tr->request, MPI_STATUS_IGNORE), function, "MPI_Wait");
  if (adds)
    accumulate(d_buf, tr->values.data(), r.count);
  transfers.erase(tr);
}

} // namespace detail

/// Starts sending `count` doubles of `buf` to `dest` (MPI_Isend) and
/// records it. Complete the request with `wait` or `waitall`; `buf` must
/// stay unchanged until then (as MPI requires).
inline void isend(tape &t, const double *buf, int count, int dest, int tag,
                  MPI_Comm comm, MPI_Request *request) {
  detail::check_buffer(buf, count, "isend", "buf");
  if (request == nullptr)
    detail::refuse("isend", "'request' is null");
  detail::record r{};
  r.comm = comm;
  r.buf = buf;
  r.count = r.moved = count;
  r.peer = dest;
  r.tag = tag;
  r.sends = true;
  r.id = detail::next_id();
  detail::check(MPI_Isend(buf, count, MPI_DOUBLE, dest, tag, comm, request),
                "isend", "MPI_Isend");
  detail::track(t, r, detail::call::isend, request);
}

/// Starts receiving at most `count` doubles into `buf` from `source`
/// (MPI_Irecv; MPI_ANY_SOURCE, MPI_ANY_TAG and MPI_PROC_NULL allowed) and
/// records it. The actual source, tag and count are recorded by the wait.
inline void irecv(tape &t, double *buf, int count, int source, int tag,
                  MPI_Comm comm, MPI_Request *request) {
  detail::check_buffer(buf, count, "irecv", "buf");
  if (request == nullptr)
    detail::refuse("irecv", "'request' is null");
  detail::record r{};
  r.comm = comm;
  r.buf = buf;
  r.count = count;
  r.moved = 0;
  r.peer = source;
  r.tag = tag;
  r.sends = false;
  r.id = detail::next_id();
  detail::check(MPI_Irecv(buf, count, MPI_DOUBLE, source, tag, comm, request),
                "irecv", "MPI_Irecv");
  detail::track(t, r, detail::call::irecv, request);
}

/// Completes one request started by `isend` or `irecv` (MPI_Wait) and
/// records it. MPI_REQUEST_NULL is allowed (nothing to reverse). `status`
/// may be MPI_STATUS_IGNORE.
inline void wait(tape &t, MPI_Request *request,
                 MPI_Status *status = MPI_STATUS_IGNORE) {
  detail::complete(t, 1, request, status, status == MPI_STATUS_IGNORE,
                   detail::call::wait, "wait");
}

/// Completes `n` requests started by `isend` or `irecv` (MPI_Waitall) and
/// records them. Null requests are allowed. `statuses` may be
/// MPI_STATUSES_IGNORE.
inline void waitall(tape &t, int n, MPI_Request *requests,
                    MPI_Status *statuses = MPI_STATUSES_IGNORE) {
  detail::complete(t, n, requests, statuses, statuses == MPI_STATUSES_IGNORE,
                   detail::call::waitall, "waitall");
}

/// Reverse of `wait`: starts the adjoint communication of its request.
/// For a receive, the adjoint of the receive buffer must be registered in
/// a tangent::mpi::adjoints (std::logic_error otherwise, tape unchanged).
inline void wait_reverse(tape &t) {
  detail::start_adjoints(t, detail::call::wait, "wait_reverse");
}

/// Reverse of `waitall`: starts the adjoint communications of all its
/// requests, in the reverse of the order in which they were started.
inline void waitall_reverse(tape &t) {
  detail::start_adjoints(t, detail::call::waitall, "waitall_reverse");
}

/// Reverse of `isend`: waits for the adjoint of the sent values (started
/// by the reverse of the wait) and adds it into `d_buf`. If `buf` was
/// registered, `d_buf` must be its registered adjoint.
inline void isend_reverse(tape &t, double *d_buf) {
  detail::finish_adjoint(t, detail::call::isend, d_buf, "isend_reverse");
}

/// Reverse of `irecv`: waits until the adjoint of the received elements,
/// sent (and zeroed in `d_buf`) by the reverse of the wait, has gone.
/// `d_buf` must be the registered adjoint of `buf`.
inline void irecv_reverse(tape &t, double *d_buf) {
  detail::finish_adjoint(t, detail::call::irecv, d_buf, "irecv_reverse");
}

// Spans (vectors, arrays, subspans): the count is the size.

/// `isend` of a whole buffer.
inline void isend(tape &t, std::span<const double> buf, int dest, int tag,
                  MPI_Comm comm, MPI_Request *request) {
  isend(t, buf.data(), detail::count_of(buf.size(), "isend"), dest, tag, comm,
        request);
}

/// `irecv` into a whole buffer.
inline void irecv(tape &t, std::span<double> buf, int source, int tag,
                  MPI_Comm comm, MPI_Request *request) {
  irecv(t, buf.data(), detail::count_of(buf.size(), "irecv"), source, tag, comm,
        request);
}

/// `isend_reverse` checking that `d_buf` has the size of the sent buffer.
inline void isend_reverse(tape &t, std::span<double> d_buf) {
  detail::check_size(
      d_buf.size(),
      detail::recorded_count(t, detail::call::isend, "isend_reverse"),
      "isend_reverse", "d_buf");
  isend_reverse(t, d_buf.data());
}

/// `irecv_reverse` checking that `d_buf` has the size of the receive
/// buffer.
inline void irecv_reverse(tape &t, std::span<double> d_buf) {
  detail::check_size(
      d_buf.size(),
      detail::recorded_count(t, detail::call::irecv, "irecv_reverse"),
      "irecv_reverse", "d_buf");
  irecv_reverse(t, d_buf.data());
}

} // namespace tangent::mpi

#endif // TANGENT_MPI_NONBLOCKING_HPP
