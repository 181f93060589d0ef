//===- tangent/mpi/collectives.hpp - allreduce, reduce, bcast -------------===//
///
/// \file
/// Collective calls of tangent::mpi and their reverses. Every rank of the
/// communicator calls the reverse, as it called the forward.
///
/// | forward                      | reverse (T: the sum over ranks of d_r) |
/// |------------------------------|----------------------------------------|
/// | `allreduce` MPI_SUM          | d_s += T; d_r = 0                      |
/// | `allreduce` MPI_MAX          | d_s[i] += T[i] on the rank that holds  |
/// |                              | the maximum (the lowest such rank on   |
/// |                              | ties), nothing elsewhere; d_r = 0      |
/// | `allreduce_in_place`         | d_buf = T (SUM), or T on the rank that |
/// |                              | holds the maximum and 0 elsewhere (MAX)|
/// | `reduce` MPI_SUM to root     | d_s += root's d_r (MPI_Bcast); the     |
/// |                              | root zeroes d_r                        |
/// | `bcast` from root            | the root's d_buf becomes the sum of    |
/// |                              | every rank's d_buf (MPI_Reduce); the   |
/// |                              | others' d_buf are zeroed               |
///
/// For MPI_MAX the forward finds, with one more MPI_Allreduce (MPI_MIN of
/// ranks), which rank holds each maximum and records one byte per element;
/// an element that is NaN on every rank has no owner and no adjoint.
/// Other reductions throw std::invalid_argument. MPI_IN_PLACE is refused by
/// `allreduce` and `reduce`: use `allreduce_in_place`.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_MPI_COLLECTIVES_HPP
#define TANGENT_MPI_COLLECTIVES_HPP

#include "tangent/mpi/core.hpp"

#include <algorithm>
#include <span>
#include <string>
#include <vector>

namespace tangent::mpi {

namespace detail {

/// The reduction's code (op_sum, op_max); anything else is refused.
inline int reduction(MPI_Op op, bool max_too, const char *function) {
  if (op == MPI_SUM)
    return op_sum;
  if (max_too && op == MPI_MAX)
    return op_max;
  refuse(function, max_too ? "the reduction must be MPI_SUM or MPI_MAX"
                           : "the reduction must be MPI_SUM");
}

inline void refuse_in_place(const void *p, const char *function,
                            const char *instead) {
  if (p == MPI_IN_PLACE)
    refuse(function,
           std::string("MPI_IN_PLACE is not supported here; ") + instead);
}

/// For MPI_MAX: records, per element, whether this rank holds the maximum
/// `r[i]` in `s[i]`, the lowest rank that does on ties (MPI_MIN of ranks).
inline void record_owners(tape &t, const double *s, const double *r, int count,
                          MPI_Comm comm, const char *function) {
  int size = 0;
  check(MPI_Comm_size(comm, &size), function, "MPI_Comm_size");
  const int rank = rank_in(comm, function);
  const auto n = static_cast<std::size_t>(count);
  std::vector<int> candidate(n), owner(n);
  for (std::size_t i = 0; i < n; ++i)
    candidate[i] = s[i] == r[i] ? rank : size;
  check(MPI_Allreduce(candidate.data(), owner.data(), count, MPI_INT, MPI_MIN,
                      comm),
        function, "MPI_Allreduce");
  std::vector<unsigned char> mine(n);
  for (std::size_t i = 0; i < n; ++i)
    mine[i] = owner[i] == rank ? 1 : 0;
  t.push_array(mine.data(), n);
}

/// Pops what record_owners pushed.
inline std::vector<unsigned char> pop_owners(tape &t, int count) {
  std::vector<unsigned char> mine(static_cast<std::size_t>(count));
  t.pop_array(mine.data(), mine.size());
  return mine;
}

/// The sum over the ranks of `d` (MPI_Allreduce).
inline std::vector<double> sum_over_ranks(const double *d, const record &r,
                                          const char *function) {
  std::vector<double> total(static_cast<std::size_t>(r.count));
  check(MPI_Allreduce(d, total.data(), r.count, MPI_DOUBLE, MPI_SUM, r.comm),
        function, "MPI_Allreduce");
  return total;
}

/// Pops a record of `what`; puts it back and refuses if an adjoint it
/// needs is null.
inline record pop_checked(tape &t, call what, bool adjoints_given,
                          const char *function) {
  const record r = pop_record(t, what, function);
  if (r.count > 0 && !adjoints_given) {
    t.push(r);
    refuse(function, "an adjoint buffer is null");
  }
  return r;
}

} // namespace detail

/// `r` = the reduction (MPI_SUM or MPI_MAX) over the ranks of `s`
/// (MPI_Allreduce, `count` elements); records the call (and, for MPI_MAX,
/// which rank holds each maximum). `s` and `r` must not overlap.
inline void allreduce(tape &t, const double *s, double *r, int count, MPI_Op op,
                      MPI_Comm comm) {
  const char *fn = "allreduce";
  detail::refuse_in_place(s, fn, "use tangent::mpi::allreduce_in_place");
  detail::check_buffer(s, count, fn, "s");
  detail::check_buffer(r, count, fn, "r");
  if (detail::overlap(s, r, count))
    detail::refuse(fn, "'s' and 'r' overlap");
  detail::record rec{};
  rec.comm = comm;
  rec.count = count;
  rec.tag = detail::reduction(op, true, fn);
  detail::check(MPI_Allreduce(s, r, count, MPI_DOUBLE, op, comm), fn,
                "MPI_Allreduce");
  if (rec.tag == detail::op_max)
    detail::record_owners(t, s, r, count, comm, fn);
  detail::push_record(t, rec, detail::call::allreduce);
}

/// Reverse of `allreduce`: adds the adjoint of `s` into `d_s` and zeroes
/// `d_r` (see the table in the file comment).
inline void allreduce_reverse(tape &t, double *d_s, double *d_r) {
  const char *fn = "allreduce_reverse";
  const detail::record r = detail::pop_checked(
      t, detail::call::allreduce, d_s != nullptr && d_r != nullptr, fn);
  std::vector<unsigned char> mine;
  if (r.tag == detail::op_max)
    mine = detail::pop_owners(t, r.count);
  const std::vector<double> total = detail::sum_over_ranks(d_r, r, fn);
  for (int i = 0; i < r.count; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (r.tag == detail::op_sum || mine[k] != 0)
      d_s[i] += total[k];
    d_r[i] = 0.0;
  }
}

/// `buf` = the reduction (MPI_SUM or MPI_MAX) over the ranks of `buf`
/// (MPI_Allreduce with MPI_IN_PLACE); records the call.
inline void allreduce_in_place(tape &t, double *buf, int count, MPI_Op op,
                               MPI_Comm comm) {
  const char *fn = "allreduce_in_place";
  detail::check_buffer(buf, count, fn, "buf");
  detail::record rec{};
  rec.comm = comm;
  rec.count = count;
  rec.tag = detail::reduction(op, true, fn);
  std::vector<double> before;
  if (rec.tag == detail::op_max)
    before.assign(buf, buf + count);
  detail::check(MPI_Allreduce(MPI_IN_PLACE, buf, count, MPI_DOUBLE, op, comm),
                fn, "MPI_Allreduce");
  if (rec.tag == detail::op_max)
    detail::record_owners(t, before.data(), buf, count, comm, fn);
  detail::push_record(t, rec, detail::call::allreduce_in_place);
}

/// Reverse of `allreduce_in_place`: `d_buf` becomes the adjoint of the
/// buffer's values before the call.
inline void allreduce_in_place_reverse(tape &t, double *d_buf) {
  const char *fn = "allreduce_in_place_reverse";
  const detail::record r = detail::pop_checked(
      t, detail::call::allreduce_in_place, d_buf != nullptr, fn);
  std::vector<unsigned char> mine;
  if (r.tag == detail::op_max)
    mine = detail::pop_owners(t, r.count);
  detail::check(
      MPI_Allreduce(MPI_IN_PLACE, d_buf, r.count, MPI_DOUBLE, MPI_SUM, r.comm),
      fn, "MPI_Allreduce");
  if (r.tag == detail::op_max)
    for (int i = 0; i < r.count; ++i)
      if (mine[static_cast<std::size_t>(i)] == 0)
        d_buf[i] = 0.0;
}

/// One value: returns the reduction over the ranks of `value`.
inline double allreduce(tape &t, double value, MPI_Op op, MPI_Comm comm) {
  double result = 0.0;
  allreduce(t, &value, &result, 1, op, comm);
  return result;
}

/// Reverse of the one-value `allreduce`: adds into `d_value`, zeroes
/// `d_result`.
inline void allreduce_reverse(tape &t, double &d_value, double &d_result) {
  allreduce_reverse(t, &d_value, &d_result);
}

/// `r` (significant at `root` only) = the sum over the ranks of `s`
/// (MPI_Reduce, `count` elements; MPI_SUM only); records the call.
inline void reduce(tape &t, const double *s, double *r, int count, MPI_Op op,
                   int root, MPI_Comm comm) {
  const char *fn = "reduce";
  detail::refuse_in_place(s, fn, "pass separate buffers");
  detail::check_buffer(s, count, fn, "s");
  detail::record rec{};
  rec.comm = comm;
  rec.count = count;
  rec.peer = root;
  rec.tag = detail::reduction(op, false, fn);
  if (detail::rank_in(comm, fn) == root) {
    detail::check_buffer(r, count, fn, "r");
    if (detail::overlap(s, r, count))
      detail::refuse(fn, "'s' and 'r' overlap");
  }
  detail::check(MPI_Reduce(s, r, count, MPI_DOUBLE, op, root, comm), fn,
                "MPI_Reduce");
  detail::push_record(t, rec, detail::call::reduce);
}

/// Reverse of `reduce`: every rank adds the root's `d_r` into `d_s`
/// (MPI_Bcast); the root zeroes `d_r` (ignored elsewhere, may be null).
inline void reduce_reverse(tape &t, double *d_s, double *d_r) {
  const char *fn = "reduce_reverse";
  const detail::record probe = detail::pop_record(t, detail::call::reduce, fn);
  t.push(probe);
  const bool root = detail::rank_in(probe.comm, fn) == probe.peer;
  const detail::record r = detail::pop_checked(
      t, detail::call::reduce, d_s != nullptr && (!root || d_r != nullptr), fn);
  std::vector<double> values(static_cast<std::size_t>(r.count), 0.0);
  if (root)
    std::copy_n(d_r, r.count, values.begin());
  detail::check(MPI_Bcast(values.data(), r.count, MPI_DOUBLE, r.peer, r.comm),
                fn, "MPI_Bcast");
  detail::accumulate(d_s, values.data(), r.count);
  if (root)
    detail::zero(d_r, r.count);
}

/// Broadcasts `count` doubles of `buf` from `root` (MPI_Bcast) and records
/// the call.
inline void bcast(tape &t, double *buf, int count, int root, MPI_Comm comm) {
  const char *fn = "bcast";
  detail::check_buffer(buf, count, fn, "buf");
  detail::record rec{};
  rec.comm = comm;
  rec.count = count;
  rec.peer = root;
  detail::check(MPI_Bcast(buf, count, MPI_DOUBLE, root, comm), fn, "MPI_Bcast");
  detail::push_record(t, rec, detail::call::bcast);
}

/// Reverse of `bcast`: the root's `d_buf` becomes the sum of every rank's
/// `d_buf` (MPI_Reduce); the others' `d_buf` are zeroed.
inline void bcast_reverse(tape &t, double *d_buf) {
  const char *fn = "bcast_reverse";
  const detail::record r =
      detail::pop_checked(t, detail::call::bcast, d_buf != nullptr, fn);
  if (detail::rank_in(r.comm, fn) == r.peer) {
    detail::check(MPI_Reduce(MPI_IN_PLACE, d_buf, r.count, MPI_DOUBLE, MPI_SUM,
                             r.peer, r.comm),
                  fn, "MPI_Reduce");
  } else {
    detail::check(MPI_Reduce(d_buf, nullptr, r.count, MPI_DOUBLE, MPI_SUM,
                             r.peer, r.comm),
                  fn, "MPI_Reduce");
    detail::zero(d_buf, r.count);
  }
}

// Spans (vectors, arrays, subspans): the count is the size.

namespace detail {
inline void same_size(std::size_t a, std::size_t b, const char *function) {
  if (a != b)
    refuse(function, "'s' has " + std::to_string(a) + " elements, 'r' " +
                         std::to_string(b));
}

} // namespace detail

/// `allreduce` of whole buffers of equal size.
inline void allreduce(tape &t, std::span<const double> s, std::span<double> r,
                      MPI_Op op, MPI_Comm comm) {
  detail::same_size(s.size(), r.size(), "allreduce");
  allreduce(t, s.data(), r.data(), detail::count_of(s.size(), "allreduce"), op,
            comm);
}

/// `allreduce_reverse` checking the sizes of the adjoints.
inline void allreduce_reverse(tape &t, std::span<double> d_s,
                              std::span<double> d_r) {
  const char *fn = "allreduce_reverse";
  const int n = detail::recorded_count(t, detail::call::allreduce, fn);
  detail::check_size(d_s.size(), n, fn, "d_s");
  detail::check_size(d_r.size(), n, fn, "d_r");
  allreduce_reverse(t, d_s.data(), d_r.data());
}

/// `allreduce_in_place` of a whole buffer.
inline void allreduce_in_place(tape &t, std::span<double> buf, MPI_Op op,
                               MPI_Comm comm) {
  allreduce_in_place(t, buf.data(),
                     detail::count_of(buf.size(), "allreduce_in_place"), op,
                     comm);
}

/// `allreduce_in_place_reverse` checking the size of the adjoint.
inline void allreduce_in_place_reverse(tape &t, std::span<double> d_buf) {
  const char *fn = "allreduce_in_place_reverse";
  detail::check_size(
      d_buf.size(),
      detail::recorded_count(t, detail::call::allreduce_in_place, fn), fn,
      "d_buf");
  allreduce_in_place_reverse(t, d_buf.data());
}

/// `reduce` of a whole buffer; `r` must have the size of `s` at the root
/// and is ignored elsewhere (may be empty).
inline void reduce(tape &t, std::span<const double> s, std::span<double> r,
                   MPI_Op op, int root, MPI_Comm comm) {
  if (detail::rank_in(comm, "reduce") == root)
    detail::same_size(s.size(), r.size(), "reduce");
  reduce(t, s.data(), r.data(), detail::count_of(s.size(), "reduce"), op, root,
         comm);
}

/// `reduce_reverse` checking the sizes of the adjoints (`d_r` at the root).
inline void reduce_reverse(tape &t, std::span<double> d_s,
                           std::span<double> d_r) {
  const char *fn = "reduce_reverse";
  const detail::record r = detail::pop_record(t, detail::call::reduce, fn);
  t.push(r);
  detail::check_size(d_s.size(), r.count, fn, "d_s");
  if (detail::rank_in(r.comm, fn) == r.peer)
    detail::check_size(d_r.size(), r.count, fn, "d_r");
  reduce_reverse(t, d_s.data(), d_r.data());
}

/// `bcast` of a whole buffer.
inline void bcast(tape &t, std::span<double> buf, int root, MPI_Comm comm) {
  bcast(t, buf.data(), detail::count_of(buf.size(), "bcast"), root, comm);
}

/// `bcast_reverse` checking the size of the adjoint.
inline void bcast_reverse(tape &t, std::span<double> d_buf) {
  const char *fn = "bcast_reverse";
  detail::check_size(d_buf.size(),
                     detail::recorded_count(t, detail::call::bcast, fn), fn,
                     "d_buf");
  bcast_reverse(t, d_buf.data());
}

} // namespace tangent::mpi

#endif // TANGENT_MPI_COLLECTIVES_HPP
