//===- test/mpi/heat_test.cpp - gradient of a distributed heat equation ---===//
//
// A 1D explicit heat equation on N = 64 cells with fixed zero boundaries,
//   u_i <- u_i + k (u_{i-1} - 2 u_i + u_{i+1}),   T = 50 steps,
// split over the ranks in blocks with one ghost cell per side, and the loss
//   L = sum_i u_i^2 + max_i u_i   (allreduce MPI_SUM, allreduce MPI_MAX).
// The gradient dL/du0 is computed by a hand-written reverse sweep: the tape
// holds each step's state and the records of tangent::mpi, the reverse
// restores the state and calls the tangent::mpi reverses. Three halo
// exchanges: isend/irecv/waitall, sendrecv, and blocking send/recv ordered
// by rank parity. Each gradient must equal the serial hand adjoint of the
// same computation (run on every rank) to 1e-13 relative, and central
// finite differences of the distributed loss.
//
// With --control the nonblocking reverse sweep forgets to zero the adjoint
// of the received ghost cells (as a wrong receive reverse would); the
// program then passes only if both comparisons catch it.
//===----------------------------------------------------------------------===//
#include "mpi_test.hpp"

#include <tangent/mpi.hpp>
#include <tangent/tape.hpp>

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

namespace tmpi = tangent::mpi;
using mpi_test::expect;

constexpr int N = 64;
constexpr int T = 50;
constexpr double k = 0.23;
constexpr int rightward = 1; // tag of values moving to the next rank
constexpr int leftward = 2;
const MPI_Comm world = MPI_COMM_WORLD;

enum class exchange { nonblocking, sendrecv, blocking };
const char *name_of(exchange e) {
  return e == exchange::nonblocking ? "isend/irecv/waitall"
         : e == exchange::sendrecv  ? "sendrecv"
                                    : "send/recv by parity";
}

bool control = false; // --control: a wrong reverse sweep

/// This rank's block of cells.
struct block {
  int rank, size, n, offset, left, right;
};

block my_block() {
  block b{};
  b.rank = mpi_test::now().rank;
  b.size = mpi_test::now().size;
  b.n = N / b.size + (b.rank < N % b.size ? 1 : 0);
  b.offset = b.rank * (N / b.size) + std::min(b.rank, N % b.size);
  b.left = b.rank > 0 ? b.rank - 1 : MPI_PROC_NULL;
  b.right = b.rank + 1 < b.size ? b.rank + 1 : MPI_PROC_NULL;
  return b;
}

/// The initial state, the same on every rank.
std::vector<double> initial_state() {
  std::mt19937_64 g(20240613);
  std::uniform_real_distribution<double> d(0.0, 1.0);
  std::vector<double> u0(N);
  for (int i = 0; i < N; ++i)
    u0[static_cast<std::size_t>(i)] = std::sin(0.2 * i) + d(g);
  return u0;
}

/// One step of the stencil on cells 1..n of u (ghosts 0 and n + 1).
void step(std::vector<double> &u, int n) {
  std::vector<double> next(static_cast<std::size_t>(n));
  for (int i = 1; i <= n; ++i) {
    const auto j = static_cast<std::size_t>(i);
    next[j - 1] = u[j] + k * (u[j - 1] - 2.0 * u[j] + u[j + 1]);
  }
  std::copy(next.begin(), next.end(), u.begin() + 1);
}

/// Reverse of step(): d_u of the cells and ghosts before the step.
void step_reverse(std::vector<double> &d_u, int n) {
  std::vector<double> d_next(d_u.begin() + 1, d_u.begin() + 1 + n);
  std::fill(d_u.begin() + 1, d_u.begin() + 1 + n, 0.0);
  for (int i = n; i >= 1; --i) {
    const auto j = static_cast<std::size_t>(i);
    const double d = d_next[j - 1];
    d_u[j] += (1.0 - 2.0 * k) * d;
    d_u[j - 1] += k * d;
    d_u[j + 1] += k * d;
  }
}

/// The first index of the largest of cells 1..n.
std::size_t argmax(const std::vector<double> &u, int n) {
  return static_cast<std::size_t>(
      std::max_element(u.begin() + 1, u.begin() + 1 + n) - u.begin());
}

/// The serial computation and its hand adjoint (every rank runs it).
double serial(const std::vector<double> &u0, std::vector<double> &grad) {
  std::vector<double> u(N + 2, 0.0);
  std::copy(u0.begin(), u0.end(), u.begin() + 1);
  for (int t = 0; t < T; ++t)
    step(u, N);
  double loss = 0.0;
  for (int i = 1; i <= N; ++i)
    loss += u[static_cast<std::size_t>(i)] * u[static_cast<std::size_t>(i)];
  const std::size_t m = argmax(u, N);
  loss += u[m];
  std::vector<double> d_u(N + 2, 0.0);
  for (std::size_t i = 1; i <= N; ++i)
    d_u[i] = 2.0 * u[i];
  d_u[m] += 1.0;
  for (int t = T - 1; t >= 0; --t) {
    step_reverse(d_u, N);
    d_u[0] = d_u[N + 1] = 0.0; // the boundaries are constants
  }
  grad.assign(d_u.begin() + 1, d_u.begin() + 1 + N);
  return loss;
}

void exchange_forward(exchange e, tangent::tape &tp, std::vector<double> &u,
                      const block &b) {
  double *const first = &u[1], *const last = &u[static_cast<std::size_t>(b.n)];
  double *const gl = &u[0], *const gr = &u[static_cast<std::size_t>(b.n) + 1];
  switch (e) {
  case exchange::nonblocking: {
    MPI_Request req[4];
    tmpi::irecv(tp, gl, 1, b.left, rightward, world, &req[0]);
    tmpi::irecv(tp, gr, 1, b.right, leftward, world, &req[1]);
    tmpi::isend(tp, first, 1, b.left, leftward, world, &req[2]);
    tmpi::isend(tp, last, 1, b.right, rightward, world, &req[3]);
    tmpi::waitall(tp, 4, req);
    break;
  }
  case exchange::sendrecv:
    tmpi::sendrecv(tp, last, 1, b.right, rightward, gl, 1, b.left, rightward,
                   world);
    tmpi::sendrecv(tp, first, 1, b.left, leftward, gr, 1, b.right, leftward,
                   world);
    break;
  case exchange::blocking:
    if (b.rank % 2 == 0) {
      tmpi::send(tp, last, 1, b.right, rightward, world);
      tmpi::recv(tp, gl, 1, b.left, rightward, world);
      tmpi::send(tp, first, 1, b.left, leftward, world);
      tmpi::recv(tp, gr, 1, b.right, leftward, world);
    } else {
      tmpi::recv(tp, gl, 1, b.left, rightward, world);
      tmpi::send(tp, last, 1, b.right, rightward, world);
      tmpi::recv(tp, gr, 1, b.right, leftward, world);
      tmpi::send(tp, first, 1, b.left, leftward, world);
    }
    break;
  }
}

void exchange_reverse(exchange e, tangent::tape &tp, std::vector<double> &d_u,
                      const block &b) {
  double *const first = &d_u[1];
  double *const last = &d_u[static_cast<std::size_t>(b.n)];
  double *const gl = &d_u[0];
  double *const gr = &d_u[static_cast<std::size_t>(b.n) + 1];
  switch (e) {
  case exchange::nonblocking: {
    const double keep_l = *gl, keep_r = *gr;
    tmpi::waitall_reverse(tp);
    tmpi::isend_reverse(tp, last);
    tmpi::isend_reverse(tp, first);
    tmpi::irecv_reverse(tp, gr);
    tmpi::irecv_reverse(tp, gl);
    if (control) { // the injected error: received adjoints not zeroed
      *gl = keep_l;
      *gr = keep_r;
    }
    break;
  }
  case exchange::sendrecv:
    tmpi::sendrecv_reverse(tp, first, gr);
    tmpi::sendrecv_reverse(tp, last, gl);
    break;
  case exchange::blocking:
    if (b.rank % 2 == 0) {
      tmpi::recv_reverse(tp, gr);
      tmpi::send_reverse(tp, first);
      tmpi::recv_reverse(tp, gl);
      tmpi::send_reverse(tp, last);
    } else {
      tmpi::send_reverse(tp, first);
      tmpi::recv_reverse(tp, gr);
      tmpi::send_reverse(tp, last);
      tmpi::recv_reverse(tp, gl);
    }
    break;
  }
}

/// The distributed forward sweep from this rank's part of u0 (cells only);
/// leaves u (with ghosts) at the final state. Returns the loss.
double forward(exchange e, tangent::tape &tp, const std::vector<double> &u0,
               std::vector<double> &u, const block &b) {
  u.assign(static_cast<std::size_t>(b.n) + 2, 0.0);
  std::copy_n(u0.begin() + b.offset, b.n, u.begin() + 1);
  for (int t = 0; t < T; ++t) {
    tp.push_array(u.data(), u.size()); // the state the step overwrites
    exchange_forward(e, tp, u, b);
    step(u, b.n);
  }
  double squares = 0.0;
  for (int i = 1; i <= b.n; ++i)
    squares += u[static_cast<std::size_t>(i)] * u[static_cast<std::size_t>(i)];
  const double sum = tmpi::allreduce(tp, squares, MPI_SUM, world);
  const double max = tmpi::allreduce(tp, u[argmax(u, b.n)], MPI_MAX, world);
  return sum + max;
}

/// Mismatches of one comparison on this rank.
struct mismatches {
  int serial = 0;
  int finite_differences = 0;
};

mismatches check_variant(exchange e) {
  mismatches bad;
  mpi_test::run(name_of(e), [&] {
    const block b = my_block();
    const std::vector<double> u0 = initial_state();
    tangent::tape &tp = tangent::thread_tape();
    std::vector<double> u;
    const double loss = forward(e, tp, u0, u, b);

    // Reverse sweep.
    std::vector<double> d_u(u.size(), 0.0);
    // The loss is one number held by every rank: its adjoint is seeded on
    // one rank (the reverse of allreduce sums the adjoints of all copies).
    const double seed = b.rank == 0 ? 1.0 : 0.0;
    double d_sum = seed, d_max = seed, d_squares = 0.0, d_top = 0.0;
    tmpi::allreduce_reverse(tp, d_top, d_max);
    tmpi::allreduce_reverse(tp, d_squares, d_sum);
    for (int i = 1; i <= b.n; ++i)
      d_u[static_cast<std::size_t>(i)] +=
          2.0 * u[static_cast<std::size_t>(i)] * d_squares;
    d_u[argmax(u, b.n)] += d_top;
    {
      tmpi::adjoints reg;
      reg.add(u, d_u);
      for (int t = T - 1; t >= 0; --t) {
        step_reverse(d_u, b.n);
        exchange_reverse(e, tp, d_u, b);
        tp.pop_array(u.data(), u.size());
      }
    }
    mpi_test::expect_clean(tp);
    expect(std::equal(u.begin() + 1, u.end() - 1, u0.begin() + b.offset),
           "the reverse sweep restored the initial state from the tape");

    // Against the serial computation.
    std::vector<double> g;
    const double serial_loss = serial(u0, g);
    mpi_test::expect_close(loss, serial_loss, 1e-13, std::abs(serial_loss),
                           "the distributed loss equals the serial one");
    double worst = 0.0;
    for (int i = 0; i < b.n; ++i) {
      const double want = g[static_cast<std::size_t>(b.offset + i)];
      const double got = d_u[static_cast<std::size_t>(i) + 1];
      const double rel = std::abs(got - want) / std::abs(want);
      worst = std::max(worst, rel);
      if (!(rel <= 1e-13))
        ++bad.serial;
    }
    double worst_all = 0.0;
    MPI_Allreduce(&worst, &worst_all, 1, MPI_DOUBLE, MPI_MAX, world);
    if (b.rank == 0)
      std::printf("%s: largest relative difference from the serial "
                  "gradient %.3g\n",
                  name_of(e), worst_all);
    if (!control)
      expect(bad.serial == 0, "the gradient equals the serial hand adjoint "
                              "to 1e-13 relative (worst " +
                                  std::to_string(worst) + ")");

    // Against central finite differences of the distributed loss.
    const double h = 1e-4;
    for (int j : {0, 15, 16, 31, 40, 63}) {
      tangent::tape scratch;
      std::vector<double> up = u0, um = u0, w;
      up[static_cast<std::size_t>(j)] += h;
      um[static_cast<std::size_t>(j)] -= h;
      const double fd =
          (forward(e, scratch, up, w, b) - forward(e, scratch, um, w, b)) /
          (2 * h);
      if (j < b.offset || j >= b.offset + b.n)
        continue;
      const double got = d_u[static_cast<std::size_t>(j - b.offset) + 1];
      if (!(std::abs(got - fd) <= 1e-7 * std::max(1.0, std::abs(fd)))) {
        ++bad.finite_differences;
        if (!control)
          mpi_test::expect_close(got, fd, 1e-7, std::max(1.0, std::abs(fd)),
                                 "finite difference of cell " +
                                     std::to_string(j));
      }
    }
    expect(tmpi::pending().requests == 0, "the extra forward runs are clean");
  });
  return bad;
}

} // namespace

int main(int argc, char **argv) {
  mpi_test::start(&argc, &argv);
  for (int i = 1; i < argc; ++i)
    control = control || std::strcmp(argv[i], "--control") == 0;
  if (!control) {
    for (exchange e :
         {exchange::nonblocking, exchange::sendrecv, exchange::blocking})
      check_variant(e);
    return mpi_test::finish("mpi.heat");
  }
  // The control: the comparisons must catch the wrong reverse sweep.
  const mismatches bad = check_variant(exchange::nonblocking);
  mpi_test::now().current = "control";
  expect(!mpi_test::on_all_ranks(bad.serial == 0),
         "the comparison with the serial gradient catches the error");
  expect(!mpi_test::on_all_ranks(bad.finite_differences == 0),
         "the comparison with finite differences catches the error");
  return mpi_test::finish("mpi.heat --control");
}
