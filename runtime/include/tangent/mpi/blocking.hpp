//===- tangent/mpi/blocking.hpp - send, recv, sendrecv and their reverses -===//
///
/// \file
/// Blocking point-to-point calls of tangent::mpi and their reverses.
///
/// | forward                      | reverse                                 |
/// |------------------------------|-----------------------------------------|
/// | `send` buf to dest           | receive the adjoint from dest, add it   |
/// |                              | into d_buf                              |
/// | `recv` buf from source       | send d_buf to the actual source with    |
/// |                              | the actual tag, then zero d_buf         |
/// | `sendrecv`                   | one MPI_Sendrecv with the roles swapped |
///
/// A receive records the source and tag it actually matched (so
/// MPI_ANY_SOURCE and MPI_ANY_TAG replay) and how many elements arrived:
/// only those are overwritten, so only their adjoints are sent back and
/// zeroed. A receive from MPI_PROC_NULL overwrites nothing; its reverse
/// does nothing. A send to MPI_PROC_NULL has a reverse that adds nothing.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_MPI_BLOCKING_HPP
#define TANGENT_MPI_BLOCKING_HPP

#include "tangent/mpi/core.hpp"

#include <span>
#include <vector>

namespace tangent::mpi {

namespace detail {
/// Elements that arrived according to `status`.
inline int arrived(const MPI_Status &status, const char *function) {
  int n = 0;
  check(MPI_Get_count(&status, MPI_DOUBLE, &n), function, "MPI_Get_count");
  return n == MPI_UNDEFINED ? 0 : n;
}

/// Receives the adjoint of a send recorded in `r` and adds it into d_buf.
inline void receive_adjoint(const record &r, double *d_buf,
                            const char *function) {
  if (r.peer == MPI_PROC_NULL || r.count == 0)
    return;
  std::vector<double> values(static_cast<std::size_t>(r.count), 0.0);
  check(MPI_Recv(values.data(), r.count, MPI_DOUBLE, r.peer, r.tag, r.comm,
                 MPI_STATUS_IGNORE),
        function, "MPI_Recv");
  accumulate(d_buf, values.data(), r.count);
}
struct sendrecv_records {
  record send_half;
  record recv_half;
};

/// Pops both records of a sendrecv; on a mismatch the tape is left as it
/// was.
inline sendrecv_records pop_sendrecv(tape &t, const char *function) {
  const record rr = pop_record(t, call::sendrecv_recv, function);
  try {
    return {pop_record(t, call::sendrecv_send, function), rr};
  } catch (...) {
    t.push(rr);
    throw;
  }
}
} // namespace detail

/// Sends `count` doubles of `buf` to `dest` (MPI_Send) and records the
/// call. `dest` may be MPI_PROC_NULL.
inline void send(tape &t, const double *buf, int count, int dest, int tag,
                 MPI_Comm comm) {
  detail::check_buffer(buf, count, "send", "buf");
  detail::record r{};
  r.comm = comm;
  r.buf = buf;
  r.count = r.moved = count;
  r.peer = dest;
  r.tag = tag;
  r.sends = true;
  if (dest != MPI_PROC_NULL)
    detail::check_blocking(r, true, "send");
  detail::check(MPI_Send(buf, count, MPI_DOUBLE, dest, tag, comm), "send",
                "MPI_Send");
  detail::push_record(t, r, detail::call::send);
}

/// Reverse of `send`: receives the adjoint of the sent values from `dest`
/// and adds it into `d_buf` (the adjoint of `buf`, `count` elements).
inline void send_reverse(tape &t, double *d_buf) {
  const detail::record r =
      detail::pop_record(t, detail::call::send, "send_reverse");
  if (r.count > 0 && d_buf == nullptr) {
    t.push(r);
    detail::refuse("send_reverse", "'d_buf' is null");
  }
  detail::receive_adjoint(r, d_buf, "send_reverse");
}

/// Receives at most `count` doubles into `buf` from `source` (MPI_Recv;
/// MPI_ANY_SOURCE, MPI_ANY_TAG and MPI_PROC_NULL allowed) and records the
/// source, tag and count that arrived. `status` may be MPI_STATUS_IGNORE.
inline void recv(tape &t, double *buf, int count, int source, int tag,
                 MPI_Comm comm, MPI_Status *status = MPI_STATUS_IGNORE) {
  detail::check_buffer(buf, count, "recv", "buf");
  detail::record r{};
  r.comm = comm;
  r.buf = buf;
  r.count = count;
  r.peer = source;
  r.tag = tag;
  r.sends = false;
  if (source != MPI_PROC_NULL)
    detail::check_blocking(r, false, "recv");
  MPI_Status s;
  detail::check(MPI_Recv(buf, count, MPI_DOUBLE, source, tag, comm, &s), "recv",
                "MPI_Recv");
  r.peer = s.MPI_SOURCE;
  r.tag = s.MPI_TAG;
  r.moved = source == MPI_PROC_NULL ? 0 : detail::arrived(s, "recv");
  if (status != MPI_STATUS_IGNORE)
    *status = s;
  detail::push_record(t, r, detail::call::recv);
}

/// Reverse of `recv`: sends the adjoint of the elements that arrived back
/// to the rank they came from (MPI_Send), then zeroes them in `d_buf`.
inline void recv_reverse(tape &t, double *d_buf) {
  const detail::record r =
      detail::pop_record(t, detail::call::recv, "recv_reverse");
  if (r.moved == 0 || r.peer == MPI_PROC_NULL)
    return;
  if (d_buf == nullptr) {
    t.push(r);
    detail::refuse("recv_reverse", "'d_buf' is null");
  }
  detail::check(MPI_Send(d_buf, r.moved, MPI_DOUBLE, r.peer, r.tag, r.comm),
                "recv_reverse", "MPI_Send");
  detail::zero(d_buf, r.moved);
}

/// Sends `scount` doubles of `sbuf` to `dest` and receives at most `rcount`
/// into `rbuf` from `source` in one MPI_Sendrecv; records both halves.
/// The buffers must not overlap.
inline void sendrecv(tape &t, const double *sbuf, int scount, int dest,
                     int sendtag, double *rbuf, int rcount, int source,
                     int recvtag, MPI_Comm comm,
                     MPI_Status *status = MPI_STATUS_IGNORE) {
  detail::check_buffer(sbuf, scount, "sendrecv", "sbuf");
  detail::check_buffer(rbuf, rcount, "sendrecv", "rbuf");
  detail::record sr{};
  sr.comm = comm;
  sr.buf = sbuf;
  sr.count = sr.moved = scount;
  sr.peer = dest;
  sr.tag = sendtag;
  sr.sends = true;
  detail::record rr{};
  rr.comm = comm;
  rr.buf = rbuf;
  rr.count = rcount;
  rr.peer = source;
  rr.tag = recvtag;
  rr.sends = false;
  if (dest != MPI_PROC_NULL)
    detail::check_blocking(sr, true, "sendrecv");
  if (source != MPI_PROC_NULL)
    detail::check_blocking(rr, false, "sendrecv");
  MPI_Status s;
  detail::check(MPI_Sendrecv(sbuf, scount, MPI_DOUBLE, dest, sendtag, rbuf,
                             rcount, MPI_DOUBLE, source, recvtag, comm, &s),
                "sendrecv", "MPI_Sendrecv");
  rr.peer = s.MPI_SOURCE;
  rr.tag = s.MPI_TAG;
  rr.moved = source == MPI_PROC_NULL ? 0 : detail::arrived(s, "sendrecv");
  if (status != MPI_STATUS_IGNORE)
    *status = s;
  detail::push_record(t, sr, detail::call::sendrecv_send);
  detail::push_record(t, rr, detail::call::sendrecv_recv);
}

/// Reverse of `sendrecv`, one MPI_Sendrecv: the adjoint of the received
/// elements goes back to their source (then they are zeroed in `d_rbuf`)
/// while the adjoint of the sent values arrives from `dest` and is added
/// into `d_sbuf`. No deadlock where the forward exchange had none.
inline void sendrecv_reverse(tape &t, double *d_sbuf, double *d_rbuf) {
  const char *fn = "sendrecv_reverse";
  const auto [sr, rr] = detail::pop_sendrecv(t, fn);
  const bool back = rr.moved > 0 && rr.peer != MPI_PROC_NULL;
  const bool in = sr.count > 0 && sr.peer != MPI_PROC_NULL;
  if ((back && d_rbuf == nullptr) || (in && d_sbuf == nullptr)) {
    t.push(sr);
    t.push(rr);
    detail::refuse(fn,
                   d_rbuf == nullptr ? "'d_rbuf' is null" : "'d_sbuf' is null");
  }
  std::vector<double> values(static_cast<std::size_t>(in ? sr.count : 0), 0.0);
  // Nothing moves in a half whose peer is MPI_PROC_NULL; its tag must
  // still be valid (a receive from MPI_PROC_NULL reported MPI_ANY_TAG).
  detail::check(MPI_Sendrecv(d_rbuf, back ? rr.moved : 0, MPI_DOUBLE,
                             back ? rr.peer : MPI_PROC_NULL, back ? rr.tag : 0,
                             values.data(), in ? sr.count : 0, MPI_DOUBLE,
                             in ? sr.peer : MPI_PROC_NULL, in ? sr.tag : 0,
                             sr.comm, MPI_STATUS_IGNORE),
                fn, "MPI_Sendrecv");
  if (in)
    detail::accumulate(d_sbuf, values.data(), sr.count);
  if (back)
    detail::zero(d_rbuf, rr.moved);
}

// Spans (vectors, arrays, subspans): the count is the size.

/// `send` of a whole buffer.
inline void send(tape &t, std::span<const double> buf, int dest, int tag,
                 MPI_Comm comm) {
  send(t, buf.data(), detail::count_of(buf.size(), "send"), dest, tag, comm);
}

/// `send_reverse` checking that `d_buf` has the size of the sent buffer.
inline void send_reverse(tape &t, std::span<double> d_buf) {
  const detail::record r =
      detail::pop_record(t, detail::call::send, "send_reverse");
  t.push(r);
  detail::check_size(d_buf.size(), r.count, "send_reverse", "d_buf");
  send_reverse(t, d_buf.data());
}

/// `recv` into a whole buffer.
inline void recv(tape &t, std::span<double> buf, int source, int tag,
                 MPI_Comm comm, MPI_Status *status = MPI_STATUS_IGNORE) {
  recv(t, buf.data(), detail::count_of(buf.size(), "recv"), source, tag, comm,
       status);
}

/// `recv_reverse` checking that `d_buf` has the size of the receive buffer.
inline void recv_reverse(tape &t, std::span<double> d_buf) {
  const detail::record r =
      detail::pop_record(t, detail::call::recv, "recv_reverse");
  t.push(r);
  detail::check_size(d_buf.size(), r.count, "recv_reverse", "d_buf");
  recv_reverse(t, d_buf.data());
}

/// `sendrecv` of whole buffers.
inline void sendrecv(tape &t, std::span<const double> sbuf, int dest,
                     int sendtag, std::span<double> rbuf, int source,
                     int recvtag, MPI_Comm comm,
                     MPI_Status *status = MPI_STATUS_IGNORE) {
  sendrecv(t, sbuf.data(), detail::count_of(sbuf.size(), "sendrecv"), dest,
           sendtag, rbuf.data(), detail::count_of(rbuf.size(), "sendrecv"),
           source, recvtag, comm, status);
}

/// `sendrecv_reverse` checking the sizes of the adjoint buffers.
inline void sendrecv_reverse(tape &t, std::span<double> d_sbuf,
                             std::span<double> d_rbuf) {
  const char *fn = "sendrecv_reverse";
  const auto [sr, rr] = detail::pop_sendrecv(t, fn);
  t.push(sr);
  t.push(rr);
  detail::check_size(d_sbuf.size(), sr.count, fn, "d_sbuf");
  detail::check_size(d_rbuf.size(), rr.count, fn, "d_rbuf");
  sendrecv_reverse(t, d_sbuf.data(), d_rbuf.data());
}

} // namespace tangent::mpi

#endif // TANGENT_MPI_BLOCKING_HPP
