//===- test/mpi/primitives_test.cpp - each call of tangent::mpi reversed --===//
//
// Every forward call of tangent/mpi.hpp against its reverse. The calls are
// linear maps of the buffers of all ranks (MPI_MAX: linear at the point),
// so each case is a dot-product test with random data: the forward maps x
// to y = J x, the reverse maps a random adjoint w to J^T w, and
//   sum over ranks <w, J x> == sum over ranks <J^T w, x>.
// Buffers that a call overwrites are part of x, so a reverse that forgets
// to zero their adjoint fails the test, as does a wrong peer, tag, order or
// factor. Direct checks on exact values follow. Run with 2 and 4 ranks.
//===----------------------------------------------------------------------===//
#include "mpi_test.hpp"

#include <tangent/mpi.hpp>
#include <tangent/tape.hpp>

#include <mpi.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace {

namespace tmpi = tangent::mpi;
using mpi_test::expect;
using buffers = std::vector<std::vector<double>>;
using forward_fn = std::function<void(tangent::tape &, buffers &)>;
using reverse_fn = std::function<void(tangent::tape &, buffers &x, buffers &d)>;

const MPI_Comm world = MPI_COMM_WORLD;
int rank() { return mpi_test::now().rank; }
int size() { return mpi_test::now().size; }
int right() { return (rank() + 1) % size(); }
int left() { return (rank() + size() - 1) % size(); }

/// The dot-product test of one forward/reverse pair (see the file comment).
/// `prepare` may set values of x (ties) before the test starts.
void dot_test(const std::string &name, const std::vector<std::size_t> &sizes,
              const forward_fn &forward, const reverse_fn &reverse,
              unsigned seed,
              const std::function<void(buffers &)> &prepare = {}) {
  mpi_test::run(name, [&] {
    tangent::tape tp;
    buffers x, w;
    for (std::size_t k = 0; k < sizes.size(); ++k) {
      x.push_back(mpi_test::random_values(sizes[k], seed + 17 * k));
      w.push_back(mpi_test::random_values(sizes[k], seed + 17 * k + 5));
    }
    if (prepare)
      prepare(x);
    const buffers x0 = x;
    forward(tp, x);
    buffers d = w;
    reverse(tp, x, d);
    double lhs = 0, rhs = 0, scale = 0;
    for (std::size_t k = 0; k < sizes.size(); ++k)
      for (std::size_t i = 0; i < sizes[k]; ++i) {
        lhs += w[k][i] * x[k][i];
        rhs += d[k][i] * x0[k][i];
        scale += std::abs(w[k][i] * x[k][i]) + std::abs(d[k][i] * x0[k][i]);
      }
    mpi_test::expect_close(
        mpi_test::sum_over_ranks(lhs), mpi_test::sum_over_ranks(rhs), 1e-14,
        mpi_test::sum_over_ranks(scale), "<w, J x> == <J^T w, x>");
    mpi_test::expect_clean(tp);
  });
}

void blocking_cases() {
  // A ring, ordered by parity so that it also runs with rendezvous sends.
  dot_test(
      "send/recv ring by parity", {3, 3},
      [](tangent::tape &t, buffers &x) {
        if (rank() % 2 == 0) {
          tmpi::send(t, x[0].data(), 3, right(), 7, world);
          tmpi::recv(t, x[1].data(), 3, left(), 7, world);
        } else {
          tmpi::recv(t, x[1], left(), 7, world);
          tmpi::send(t, x[0], right(), 7, world);
        }
      },
      [](tangent::tape &t, buffers &, buffers &d) {
        if (rank() % 2 == 0) {
          tmpi::recv_reverse(t, d[1].data());
          tmpi::send_reverse(t, d[0].data());
        } else {
          tmpi::send_reverse(t, d[0]);
          tmpi::recv_reverse(t, d[1]);
        }
      },
      1);

  // Rank 0 receives from every other rank with wildcards, into buffers of
  // capacity 4; rank j sends j % 3 + 1 values with tag 10 + j: only those
  // are overwritten. Arrival order varies between runs.
  dot_test(
      "recv MPI_ANY_SOURCE/MPI_ANY_TAG, short messages",
      {4, 4, 4, 4, 4, 4, 4, 4},
      [](tangent::tape &t, buffers &x) {
        if (rank() == 0) {
          for (int k = 1; k < size(); ++k) {
            MPI_Status st;
            tmpi::recv(t, x[static_cast<std::size_t>(k)].data(), 4,
                       MPI_ANY_SOURCE, MPI_ANY_TAG, world, &st);
            int n = 0;
            MPI_Get_count(&st, MPI_DOUBLE, &n);
            expect(n == st.MPI_SOURCE % 3 + 1 &&
                       st.MPI_TAG == 10 + st.MPI_SOURCE,
                   "the status is passed on");
          }
        } else {
          tmpi::send(t, x[0].data(), rank() % 3 + 1, 0, 10 + rank(), world);
        }
      },
      [](tangent::tape &t, buffers &, buffers &d) {
        if (rank() == 0) {
          for (int k = size() - 1; k >= 1; --k)
            tmpi::recv_reverse(t, d[static_cast<std::size_t>(k)].data());
        } else {
          tmpi::send_reverse(t, d[0].data());
        }
      },
      2);

  // MPI_PROC_NULL: nothing moves, nothing is overwritten.
  dot_test(
      "send/recv/sendrecv with MPI_PROC_NULL", {2, 2},
      [](tangent::tape &t, buffers &x) {
        tmpi::send(t, x[0].data(), 2, MPI_PROC_NULL, 1, world);
        tmpi::recv(t, x[1].data(), 2, MPI_PROC_NULL, 1, world);
        tmpi::sendrecv(t, x[0], MPI_PROC_NULL, 2, x[1], MPI_PROC_NULL, 2,
                       world);
      },
      [](tangent::tape &t, buffers &, buffers &d) {
        tmpi::sendrecv_reverse(t, d[0], d[1]);
        tmpi::recv_reverse(t, d[1].data());
        tmpi::send_reverse(t, d[0].data());
      },
      3);

  // Shifts in both directions.
  dot_test(
      "sendrecv shifts", {3, 3, 3},
      [](tangent::tape &t, buffers &x) {
        tmpi::sendrecv(t, x[0].data(), 3, right(), 4, x[1].data(), 3, left(), 4,
                       world);
        tmpi::sendrecv(t, x[1], left(), 5, x[2], right(), 5, world);
      },
      [](tangent::tape &t, buffers &, buffers &d) {
        tmpi::sendrecv_reverse(t, d[1], d[2]);
        tmpi::sendrecv_reverse(t, d[0].data(), d[1].data());
      },
      4);
}

/// One halo exchange of u (cells 1..4, ghosts 0 and 5) with neighbours
/// `l` and `r` (MPI_PROC_NULL at an open end), completed by one waitall
/// whose request array is in the order `order`.
void halo_case(const std::string &name, bool periodic, std::vector<int> order) {
  const auto neighbours = [periodic] {
    if (periodic)
      return std::pair{left(), right()};
    return std::pair{rank() > 0 ? rank() - 1 : MPI_PROC_NULL,
                     rank() + 1 < size() ? rank() + 1 : MPI_PROC_NULL};
  };
  dot_test(
      name, {6},
      [&](tangent::tape &t, buffers &x) {
        const auto [l, r] = neighbours();
        double *u = x[0].data();
        MPI_Request started[4];
        tmpi::irecv(t, u + 0, 1, l, 1, world, &started[0]);
        tmpi::irecv(t, u + 5, 1, r, 2, world, &started[1]);
        tmpi::isend(t, u + 1, 1, l, 2, world, &started[2]);
        tmpi::isend(t, std::span<const double>(u + 4, 1), r, 1, world,
                    &started[3]);
        MPI_Request req[4];
        for (int i = 0; i < 4; ++i)
          req[i] = started[order[static_cast<std::size_t>(i)]];
        tmpi::waitall(t, 4, req, MPI_STATUSES_IGNORE);
        for (MPI_Request q : req)
          expect(q == MPI_REQUEST_NULL, "waitall nulls the requests");
      },
      [](tangent::tape &t, buffers &x, buffers &d) {
        tmpi::adjoints reg;
        reg.add(x[0], d[0]);
        double *du = d[0].data();
        tmpi::waitall_reverse(t);
        tmpi::isend_reverse(t, std::span<double>(du + 4, 1));
        tmpi::isend_reverse(t, du + 1);
        tmpi::irecv_reverse(t, du + 5);
        tmpi::irecv_reverse(t, du + 0);
      },
      5);
}

void nonblocking_cases() {
  halo_case("isend/irecv halo, open ends, waitall", false, {0, 1, 2, 3});
  halo_case("isend/irecv halo, periodic, waitall in another order", true,
            {3, 0, 2, 1});

  // Three messages on one channel (same peer and tag), completed one by
  // one in the order they started; then three more completed by one
  // waitall whose array is scrambled; then waitall at one end and single
  // waits at the other. A reverse that paired the adjoint messages wrongly
  // would swap their values.
  dot_test(
      "three messages on one channel, wait and waitall",
      {3, 3, 3, 3, 3, 3, 3, 3},
      [](tangent::tape &t, buffers &x) {
        MPI_Request rq[3], sq[3];
        for (int k = 0; k < 3; ++k)
          tmpi::irecv(t, x[1].data() + k, 1, left(), 9, world, &rq[k]);
        for (int k = 0; k < 3; ++k)
          tmpi::isend(t, x[0].data() + k, 1, right(), 9, world, &sq[k]);
        for (int k = 0; k < 3; ++k)
          tmpi::wait(t, &rq[k]);
        MPI_Status st;
        for (int k = 0; k < 3; ++k)
          tmpi::wait(t, &sq[k], &st);
        // Second round: one waitall, scrambled.
        MPI_Request all[6];
        for (int k = 0; k < 3; ++k)
          tmpi::isend(t, x[2].data() + k, 1, right(), 9, world, &all[k]);
        for (int k = 0; k < 3; ++k)
          tmpi::irecv(t, x[3].data() + k, 1, left(), 9, world, &all[3 + k]);
        MPI_Request scrambled[6] = {all[4], all[1], all[5],
                                    all[0], all[3], all[2]};
        MPI_Status sts[6];
        tmpi::waitall(t, 6, scrambled, sts);
        expect(sts[0].MPI_SOURCE == left() && sts[0].MPI_TAG == 9,
               "waitall passes the statuses on");
        // Third and fourth rounds: one end completes its three messages by
        // one waitall, the other end one by one, so the adjoint messages
        // meet only if waitall_reverse posts in the order the waits imply.
        MPI_Request s3[3], r3[3], s4[3], r4[3];
        for (int k = 0; k < 3; ++k)
          tmpi::isend(t, x[4].data() + k, 1, right(), 9, world, &s3[k]);
        for (int k = 0; k < 3; ++k)
          tmpi::irecv(t, x[5].data() + k, 1, left(), 9, world, &r3[k]);
        for (int k = 0; k < 3; ++k)
          tmpi::wait(t, &r3[k]);
        tmpi::waitall(t, 3, s3);
        for (int k = 0; k < 3; ++k)
          tmpi::isend(t, x[6].data() + k, 1, right(), 9, world, &s4[k]);
        for (int k = 0; k < 3; ++k)
          tmpi::irecv(t, x[7].data() + k, 1, left(), 9, world, &r4[k]);
        for (int k = 0; k < 3; ++k)
          tmpi::wait(t, &s4[k]);
        tmpi::waitall(t, 3, r4);
      },
      [](tangent::tape &t, buffers &x, buffers &d) {
        tmpi::adjoints reg;
        reg.add(x[1], d[1]);
        reg.add(x[5], d[5]);
        reg.add(x[7], d[7]);
        tmpi::adjoints inner; // nested registries: both are searched
        inner.add(x[3].data(), d[3].data(), 3);
        tmpi::waitall_reverse(t); // fourth round
        for (int k = 2; k >= 0; --k)
          tmpi::wait_reverse(t);
        for (int k = 2; k >= 0; --k)
          tmpi::irecv_reverse(t, d[7].data() + k);
        for (int k = 2; k >= 0; --k)
          tmpi::isend_reverse(t, d[6].data() + k);
        tmpi::waitall_reverse(t); // third round
        for (int k = 2; k >= 0; --k)
          tmpi::wait_reverse(t);
        for (int k = 2; k >= 0; --k)
          tmpi::irecv_reverse(t, d[5].data() + k);
        for (int k = 2; k >= 0; --k)
          tmpi::isend_reverse(t, d[4].data() + k);
        tmpi::waitall_reverse(t); // second round
        for (int k = 2; k >= 0; --k)
          tmpi::irecv_reverse(t, d[3].data() + k);
        for (int k = 2; k >= 0; --k)
          tmpi::isend_reverse(t, d[2].data() + k);
        for (int k = 2; k >= 0; --k)
          tmpi::wait_reverse(t);
        for (int k = 2; k >= 0; --k)
          tmpi::wait_reverse(t);
        for (int k = 2; k >= 0; --k)
          tmpi::isend_reverse(t, d[0].data() + k);
        for (int k = 2; k >= 0; --k)
          tmpi::irecv_reverse(t, d[1].data() + k);
      },
      6);

  // Wildcard irecvs of different lengths, then a null request in a wait.
  dot_test(
      "irecv MPI_ANY_SOURCE, waitall, wait on MPI_REQUEST_NULL",
      {4, 4, 4, 4, 4, 4, 4, 4},
      [](tangent::tape &t, buffers &x) {
        std::vector<MPI_Request> req(static_cast<std::size_t>(size()),
                                     MPI_REQUEST_NULL);
        if (rank() == 0) {
          for (int k = 1; k < size(); ++k)
            tmpi::irecv(t, x[static_cast<std::size_t>(k)], MPI_ANY_SOURCE,
                        MPI_ANY_TAG, world, &req[static_cast<std::size_t>(k)]);
        } else {
          tmpi::isend(t, x[0].data(), rank() % 3 + 1, 0, 3, world, &req[0]);
        }
        tmpi::waitall(t, size(), req.data());
        MPI_Request none = MPI_REQUEST_NULL;
        tmpi::wait(t, &none);
      },
      [](tangent::tape &t, buffers &x, buffers &d) {
        tmpi::adjoints reg;
        for (std::size_t k = 0; k < x.size(); ++k)
          reg.add(x[k], d[k]);
        tmpi::wait_reverse(t);
        tmpi::waitall_reverse(t);
        if (rank() == 0) {
          for (int k = size() - 1; k >= 1; --k)
            tmpi::irecv_reverse(t, d[static_cast<std::size_t>(k)]);
        } else {
          tmpi::isend_reverse(t, d[0].data());
        }
      },
      7);
}

/// Messages far above the eager limit (Open MPI: a few KiB), so that every
/// send waits for its receive: a reverse that blocked in the wrong order
/// would deadlock here (and time out) instead of being saved by buffering.
void large_message_cases() {
  constexpr int n = 100000;
  constexpr std::size_t un = n;
  dot_test(
      "large messages: ring by parity, sendrecv, isend/irecv", {un, un, un},
      [](tangent::tape &t, buffers &x) {
        if (rank() % 2 == 0) {
          tmpi::send(t, x[0].data(), n, right(), 1, world);
          tmpi::recv(t, x[1].data(), n, left(), 1, world);
        } else {
          tmpi::recv(t, x[1].data(), n, left(), 1, world);
          tmpi::send(t, x[0].data(), n, right(), 1, world);
        }
        tmpi::sendrecv(t, x[1], left(), 2, x[2], right(), 2, world);
        MPI_Request q[2];
        tmpi::irecv(t, x[0], left(), 3, world, &q[0]);
        tmpi::isend(t, x[2], right(), 3, world, &q[1]);
        tmpi::waitall(t, 2, q);
      },
      [](tangent::tape &t, buffers &x, buffers &d) {
        tmpi::adjoints reg;
        reg.add(x[0], d[0]);
        tmpi::waitall_reverse(t);
        tmpi::isend_reverse(t, d[2]);
        tmpi::irecv_reverse(t, d[0]);
        tmpi::sendrecv_reverse(t, d[1], d[2]);
        if (rank() % 2 == 0) {
          tmpi::recv_reverse(t, d[1].data());
          tmpi::send_reverse(t, d[0].data());
        } else {
          tmpi::send_reverse(t, d[0].data());
          tmpi::recv_reverse(t, d[1].data());
        }
      },
      12);
}

void collective_cases() {
  const auto allreduce_case = [](const std::string &name, MPI_Op op,
                                 bool ties) {
    dot_test(
        name, {5, 5},
        [op](tangent::tape &t, buffers &x) {
          tmpi::allreduce(t, x[0].data(), x[1].data(), 5, op, world);
        },
        [](tangent::tape &t, buffers &, buffers &d) {
          tmpi::allreduce_reverse(t, d[0].data(), d[1].data());
        },
        8,
        [ties](buffers &x) {
          if (ties) // elements 0 and 3 equal on every rank: the lowest
            x[0][0] = x[0][3] = 1.5; // rank takes their adjoint
        });
  };
  allreduce_case("allreduce MPI_SUM", MPI_SUM, false);
  allreduce_case("allreduce MPI_MAX", MPI_MAX, false);
  allreduce_case("allreduce MPI_MAX with ties", MPI_MAX, true);

  for (MPI_Op op : {MPI_SUM, MPI_MAX})
    dot_test(
        op == MPI_SUM ? "allreduce_in_place MPI_SUM"
                      : "allreduce_in_place MPI_MAX",
        {4},
        [op](tangent::tape &t, buffers &x) {
          tmpi::allreduce_in_place(t, x[0], op, world);
        },
        [](tangent::tape &t, buffers &, buffers &d) {
          tmpi::allreduce_in_place_reverse(t, d[0]);
        },
        9);

  dot_test(
      "allreduce of one value, reduce, bcast", {1, 1, 3, 3, 4},
      [](tangent::tape &t, buffers &x) {
        x[1][0] = tmpi::allreduce(t, x[0][0], MPI_SUM, world);
        tmpi::reduce(t, x[2], x[3], MPI_SUM, size() - 1, world);
        tmpi::bcast(t, x[4], 1, world);
      },
      [](tangent::tape &t, buffers &, buffers &d) {
        tmpi::bcast_reverse(t, d[4]);
        tmpi::reduce_reverse(t, d[2], d[3]);
        tmpi::allreduce_reverse(t, d[0][0], d[1][0]);
      },
      10);

  // A sequence of different calls, with the user's own records in
  // between, on one tape.
  dot_test(
      "a sequence with user records in between", {4, 4, 1},
      [](tangent::tape &t, buffers &x) {
        tmpi::bcast(t, x[0].data(), 4, 0, world);
        t.push(x[0][1]);
        t.push_array(x[0].data(), 4);
        tmpi::sendrecv(t, x[0].data(), 2, right(), 0, x[1].data(), 2, left(), 0,
                       world);
        t.push(42);
        tmpi::allreduce(t, x[1].data(), x[0].data(), 4, MPI_MAX, world);
        tmpi::allreduce(t, x[0].data(), x[2].data(), 1, MPI_SUM, world);
      },
      [](tangent::tape &t, buffers &, buffers &d) {
        tmpi::allreduce_reverse(t, d[0].data(), d[2].data());
        tmpi::allreduce_reverse(t, d[1].data(), d[0].data());
        expect(t.pop<int>() == 42, "the user's record is back");
        tmpi::sendrecv_reverse(t, d[0].data(), d[1].data());
        double v[4];
        t.pop_array(v, 4);
        (void)t.pop<double>();
        tmpi::bcast_reverse(t, d[0].data());
      },
      11);
}

/// Exact values (small integers, so every sum is exact).
void direct_cases() {
  mpi_test::run("direct values", [] {
    tangent::tape tp;
    const double r = rank();
    const double p = size();
    // recv: the adjoint goes to the source and is zeroed here; send: the
    // adjoint arriving is added.
    double a[2] = {r, r}, b[2] = {0, 0};
    tmpi::sendrecv(tp, a, 2, right(), 0, b, 2, left(), 0, world);
    expect(b[0] == left() && b[1] == left(), "sendrecv moved the values");
    double da[2] = {1, 1}, db[2] = {10 * r, 10 * r + 1};
    tmpi::sendrecv_reverse(tp, da, db);
    expect(da[0] == 1 + 10 * right() && da[1] == 2 + 10 * right(),
           "sendrecv_reverse adds the adjoint from dest");
    expect(db[0] == 0 && db[1] == 0, "sendrecv_reverse zeroes d_rbuf");

    // allreduce MAX with a tie between all ranks and a unique maximum.
    double s[2] = {7, r}, m[2];
    tmpi::allreduce(tp, s, m, 2, MPI_MAX, world);
    expect(m[0] == 7 && m[1] == p - 1, "allreduce MPI_MAX");
    double ds[2] = {1, 1}, dm[2] = {r + 1, 2 * (r + 1)};
    tmpi::allreduce_reverse(tp, ds, dm);
    const double total = p * (p + 1) / 2; // sum over ranks of r + 1
    expect(ds[0] == (rank() == 0 ? 1 + total : 1),
           "a tie goes to the lowest rank");
    expect(ds[1] == (rank() == size() - 1 ? 1 + 2 * total : 1),
           "the maximum's rank takes the sum of the adjoints");
    expect(dm[0] == 0 && dm[1] == 0, "allreduce_reverse zeroes d_r");

    // bcast: the root's adjoint becomes the sum, the others' zero.
    double v = r;
    tmpi::bcast(tp, &v, 1, 1, world);
    expect(v == 1, "bcast");
    double dv = r + 1;
    tmpi::bcast_reverse(tp, &dv);
    expect(dv == (rank() == 1 ? total : 0), "bcast_reverse");

    // reduce: every rank gets the root's adjoint; the root's is zeroed.
    double x = r + 1, y = -1, dx = 0.5, dy = 3;
    tmpi::reduce(tp, &x, &y, 1, MPI_SUM, 0, world);
    if (rank() == 0)
      expect(y == total, "reduce");
    tmpi::reduce_reverse(tp, &dx, &dy);
    expect(dx == 3.5, "reduce_reverse adds the root's adjoint");
    expect(dy == (rank() == 0 ? 0 : 3), "reduce_reverse zeroes the root's");
    mpi_test::expect_clean(tp);
  });
}

} // namespace

int main(int argc, char **argv) {
  mpi_test::start(&argc, &argv);
  blocking_cases();
  nonblocking_cases();
  large_message_cases();
  collective_cases();
  direct_cases();
  return mpi_test::finish("mpi.primitives");
}
