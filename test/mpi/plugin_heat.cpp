// The tangent plugin on an MPI program (label: mpi): a 1D heat equation on
// N = 64 cells split over the ranks, with halo exchanges (MPI_Sendrecv, or
// MPI_Irecv/MPI_Isend/MPI_Waitall) and an allreduce loss, differentiated by
// tangent::grad. Run under mpirun with 1, 2 and 4 ranks
// (mpi.plugin-heat.np<P>). On every rank:
//  - the distributed gradient (its slice of u0, and the sum over ranks of
//    its d_k) equals the gradient of the same computation on one rank,
//    without MPI, to 1e-13 relative: fully taped, with sqrt(n) checkpointing
//    of the time loop, and for a relaxation loop whose trip count an
//    allreduce decides (about 250 iterations), under online checkpointing
//    with 6 snapshots; and for MPI_Bcast, MPI_Send/MPI_Recv, MPI_Allreduce
//    with MPI_MAX and MPI_Reduce;
//  - the checkpointed gradients are bitwise the fully taped ones, also
//    under a memory budget and with a replay thread (which do not apply to
//    loops that call MPI);
//  - the memory this rank holds (tangent::stats) is less than the
//    single-rank run's when there are several ranks, and less again when
//    checkpointed.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {
int failures = 0;
int rank_ = 0, ranks_ = 1;

void expect(bool ok, const std::string &what) {
  if (!ok)
    ++failures;
  std::printf("rank %d: %s %s\n", rank_, ok ? "PASS" : "FAIL", what.c_str());
}

std::string sci(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2e", v);
  return text;
}

double relative(const std::vector<double> &a, const std::vector<double> &b) {
  double diff = 0, scale = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    diff = std::max(diff, std::abs(a[i] - b[i]));
    scale = std::max(scale, std::abs(b[i]));
  }
  return scale > 0 ? diff / scale : diff;
}
} // namespace

constexpr int steps = 100;

// One time step of the rod: explicit diffusion and a mild reaction.
#define STEP(U, NEXT, FIRST, LAST)                                             \
  for (int i = FIRST; i <= LAST; ++i)                                          \
    NEXT[i] = U[i] + k * (U[i - 1] - 2 * U[i] + U[i + 1]);                     \
  for (int i = FIRST; i <= LAST; ++i)                                          \
    U[i] = NEXT[i] - 0.05 * NEXT[i] * NEXT[i] * NEXT[i];

/// This rank's cells (u0), halo cells u[0] and u[n + 1]; zero boundaries.
double heat(const std::vector<double> &u0, double k) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int n = static_cast<int>(u0.size());
  std::vector<double> u(n + 2, 0.0), next(n + 2, 0.0);
  for (int i = 0; i < n; ++i)
    u[i + 1] = u0[i];
  const int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  for (int t = 0; t < steps; ++t) {
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[n + 1], 1, MPI_DOUBLE, right,
                 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    STEP(u, next, 1, n)
  }
  double local = 0;
  for (int i = 1; i <= n; ++i)
    local += u[i] * u[i];
  double global = 0;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  // The loss is the same on every rank: its gradient is seeded on one.
  double loss = 0;
  if (rank == 0)
    loss = global;
  return loss;
}

/// The same with non-blocking halo exchanges (MPI_Irecv, MPI_Isend,
/// MPI_Waitall): their reverse starts the adjoint messages at the wait.
double heat_nonblocking(const std::vector<double> &u0, double k) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int n = static_cast<int>(u0.size());
  std::vector<double> u(n + 2, 0.0), next(n + 2, 0.0);
  for (int i = 0; i < n; ++i)
    u[i + 1] = u0[i];
  const int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  MPI_Request requests[4];
  for (int t = 0; t < steps; ++t) {
    MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &requests[0]);
    MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &requests[1]);
    MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &requests[2]);
    MPI_Isend(&u[n], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &requests[3]);
    MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
    STEP(u, next, 1, n)
  }
  double local = 0;
  for (int i = 1; i <= n; ++i)
    local += u[i] * u[i];
  double global = 0;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double loss = 0;
  if (rank == 0)
    loss = global;
  return loss;
}

/// The same on one rank, without MPI.
double heat_serial(const std::vector<double> &u0, double k) {
  const int n = static_cast<int>(u0.size());
  std::vector<double> u(n + 2, 0.0), next(n + 2, 0.0);
  for (int i = 0; i < n; ++i)
    u[i + 1] = u0[i];
  for (int t = 0; t < steps; ++t) {
    STEP(u, next, 1, n)
  }
  double loss = 0;
  for (int i = 1; i <= n; ++i)
    loss += u[i] * u[i];
  return loss;
}

// One relaxation sweep; `local` gets this rank's squared change.
#define RELAX_SWEEP                                                            \
  for (int i = 1; i <= n; ++i) {                                               \
    next[i] = u[i] + k * (u[i - 1] - 2 * u[i] + u[i + 1]);                     \
    local += (next[i] - u[i]) * (next[i] - u[i]);                              \
  }                                                                            \
  for (int i = 1; i <= n; ++i)                                                 \
    u[i] = next[i];

/// Relaxation until the change, summed over all ranks, is small: the trip
/// count is decided by an allreduce, the loop checkpointed online.
double relax(const std::vector<double> &u0, double k) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int n = static_cast<int>(u0.size());
  std::vector<double> u(n + 2, 0.0), next(n + 2, 0.0);
  for (int i = 0; i < n; ++i)
    u[i + 1] = u0[i];
  const int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  double change = 1;
  int iterations = 0;
  [[tangent::checkpoint(6)]] while (change > 1e-5 && iterations < 2000) {
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[n + 1], 1, MPI_DOUBLE, right,
                 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double local = 0;
    RELAX_SWEEP
    MPI_Allreduce(&local, &change, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    iterations += 1;
  }
  double local = 0;
  for (int i = 1; i <= n; ++i)
    local += std::sin(u[i]);
  double global = 0;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double loss = 0;
  if (rank == 0)
    loss = global;
  return loss;
}

double relax_serial(const std::vector<double> &u0, double k) {
  const int n = static_cast<int>(u0.size());
  std::vector<double> u(n + 2, 0.0), next(n + 2, 0.0);
  for (int i = 0; i < n; ++i)
    u[i + 1] = u0[i];
  double change = 1;
  int iterations = 0;
  while (change > 1e-5 && iterations < 2000) {
    double local = 0;
    RELAX_SWEEP
    change = local;
    iterations += 1;
  }
  double loss = 0;
  for (int i = 1; i <= n; ++i)
    loss += std::sin(u[i]);
  return loss;
}

/// The other calls: MPI_Bcast of rank 0's first value, MPI_Send/MPI_Recv
/// (ordered by rank parity) of the value left of this rank's cells, an
/// MPI_Allreduce with MPI_MAX, and the result summed to rank 0 by
/// MPI_Reduce.
double collectives(const std::vector<double> &u0, double k) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int n = static_cast<int>(u0.size());
  double a = u0[0];
  MPI_Bcast(&a, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  double from_left = 0;
  if (rank % 2 == 0) {
    if (rank + 1 < size)
      MPI_Send(&u0[n - 1], 1, MPI_DOUBLE, rank + 1, 7, MPI_COMM_WORLD);
    if (rank > 0)
      MPI_Recv(&from_left, 1, MPI_DOUBLE, rank - 1, 7, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(&from_left, 1, MPI_DOUBLE, rank - 1, 7, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    if (rank + 1 < size)
      MPI_Send(&u0[n - 1], 1, MPI_DOUBLE, rank + 1, 7, MPI_COMM_WORLD);
  }
  double local = from_left * u0[0];
  double top = -1e300;
  for (int i = 0; i < n; ++i) {
    local += std::sin(a * u0[i]);
    top = std::max(top, k * u0[i]);
  }
  double m = 0;
  MPI_Allreduce(&top, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  local += m * m;
  double total = 0;
  MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  return total;
}

/// The same on one rank: `ranks` slices of `n` cells.
double collectives_serial(const std::vector<double> &u0, double k, int ranks,
                          int n) {
  const double a = u0[0];
  double total = 0, top = -1e300;
  for (std::size_t i = 0; i < u0.size(); ++i)
    top = std::max(top, k * u0[i]);
  for (int r = 0; r < ranks; ++r) {
    double local = 0;
    if (r > 0)
      local = u0[r * n - 1] * u0[r * n];
    for (int i = r * n; i < (r + 1) * n; ++i)
      local += std::sin(a * u0[i]);
    total += local + top * top;
  }
  return total;
}

template <class DF>
std::vector<double> distributed(const DF &df, const std::vector<double> &u0,
                                double k, double &d_k, std::size_t &peak) {
  tangent::stats::reset();
  auto [g, dk] = df(u0, k);
  peak = tangent::stats::peak_bytes();
  MPI_Allreduce(&dk, &d_k, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return g;
}

/// Memory checks: `online`: F's loop is checkpointed in both requests
/// (annotated), so only the sqrt(n) case compares with the full tape;
/// `per_rank`: this rank's tape is smaller than one rank's run (not for
/// non-blocking calls, whose request records outweigh 32 cells a rank).
template <auto F, auto S>
void compare(const std::string &name, const std::vector<double> &full,
             int first, int n, double k, bool online, bool per_rank = true) {
  std::vector<double> mine(full.begin() + first, full.begin() + first + n);
  tangent::stats::reset();
  auto [gs, dks] = tangent::grad<S>()(full, k);
  const std::size_t peak_serial = tangent::stats::peak_bytes();
  std::vector<double> slice(gs.begin() + first, gs.begin() + first + n);

  double dk = 0, dk_ckpt = 0;
  std::size_t peak = 0, peak_ckpt = 0;
  const auto g = distributed(tangent::grad<F>(), mine, k, dk, peak);
  const auto g_ckpt =
      distributed(tangent::grad<F, tangent::options{.checkpoint = true}>(),
                  mine, k, dk_ckpt, peak_ckpt);
  const double e = relative(g, slice);
  expect(e <= 1e-13, name + "/gradient==serial: relative " + sci(e));
  const double ek = std::abs(dk - dks) / std::abs(dks);
  expect(ek <= 1e-13, name + "/d_k==serial: relative " + sci(ek));
  expect(g_ckpt == g && dk_ckpt == dk, name + "/checkpointed==taped");
  // A memory budget and a replay thread do not apply to loops that call
  // MPI (each rank would choose alone; one thread calls MPI): the same
  // bits as the defaults.
  double dk_budget = 0, dk_threads = 0;
  std::size_t unused = 0;
  const auto g_budget =
      distributed(tangent::grad<F, tangent::options{.memory_budget = 4096}>(),
                  mine, k, dk_budget, unused);
  const auto g_threads = distributed(
      tangent::grad<F, tangent::options{.checkpoint = true, .threads = 2}>(),
      mine, k, dk_threads, unused);
  expect(g_budget == g && dk_budget == dk, name + "/memory_budget==taped");
  expect(g_threads == g && dk_threads == dk, name + "/threads==taped");
  std::printf("rank %d: %s peak bytes: one rank %zu, this rank %zu, "
              "checkpointed %zu\n",
              rank_, name.c_str(), peak_serial, peak, peak_ckpt);
  if (ranks_ > 1 && per_rank)
    expect(peak < peak_serial, name + "/memory per rank below one rank's");
  if (!online)
    expect(peak_ckpt < peak, name + "/checkpointed memory below taped");
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
  const int N = 64;
  if (N % ranks_ != 0) {
    std::printf("run with 1, 2, 4, 8... ranks\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int n = N / ranks_, first = rank_ * n;
  std::vector<double> full(N);
  for (int i = 0; i < N; ++i)
    full[i] = 0.6 * std::sin(0.3 * i) + 0.2;
  compare<heat, heat_serial>("heat", full, first, n, 0.2, false);
  compare<heat_nonblocking, heat_serial>("heat_nonblocking", full, first, n,
                                         0.2, false, false);
  compare<relax, relax_serial>("relax", full, first, n, 0.15, true);
  {
    // The other calls, against the single-rank function: the gradient
    // with respect to u0 (every rank's slice) and k, to 1e-13.
    auto [gs, dks] = tangent::grad<collectives_serial>()(full, 0.7, ranks_, n);
    std::vector<double> mine(full.begin() + first, full.begin() + first + n);
    auto [g, dk] = tangent::grad<collectives>()(mine, 0.7);
    double dk_sum = 0;
    MPI_Allreduce(&dk, &dk_sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    std::vector<double> slice(gs.begin() + first, gs.begin() + first + n);
    const double e = relative(g, slice);
    expect(e <= 1e-13, "collectives/gradient==serial: relative " + sci(e));
    expect(std::abs(dk_sum - dks) <= 1e-13 * std::abs(dks),
           "collectives/d_k==serial");
  }
  int total = 0;
  MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank_ == 0)
    std::printf("%d failed over %d ranks\n", total, ranks_);
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}
