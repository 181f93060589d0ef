// A distributed inverse problem: recover the initial temperature of a rod
// from one noisy measurement of its final temperature, on several MPI ranks.
//
// The temperature u(x, t) on [0, 1] follows the heat equation
//
//   u_t = kappa u_xx,   u(0, t) = u(1, t) = 0,   u(x, 0) = u0(x) (unknown),
//
// discretised with explicit finite differences (N = 120 interior points,
// STEPS steps at kappa dt / dx^2 = 1/4). The N points are split into equal
// slices, one per rank; each time step first exchanges the cells at the
// slice ends with the neighbouring ranks (MPI_Sendrecv, one "halo" cell on
// each side). At the final time every point is measured, with noise of
// standard deviation 0.01 (1% of the peak). We estimate u0 by minimising
//
//   J(u0) = 1/2 sum_j (u_j(T) - observed_j)^2 + ALPHA/2 sum_j (u0_j+1 - u0_j)^2
//
// (the second term keeps the noise out of the fast-decaying modes, which
// the measurement hardly sees), summed over the ranks by MPI_Allreduce.
// tangent::grad<misfit> differentiates through the halo exchanges and the
// allreduce: each rank gets the gradient with respect to its own slice of
// u0. Plain gradient descent with a fixed step runs on all the ranks at
// once, each updating its own slice.
//
// The gradient of tangent::grad is that of the SUM over the ranks of what
// each rank's call returns (every rank's result is seeded with 1). J, which
// every rank holds after the allreduce, is therefore returned on rank 0
// only, and 0 elsewhere.
//
//   build-dev/bin/tangent-clang++ -std=c++20 -O2 $(mpicxx --showme:compile) \
//     samples/heat_inverse_mpi/heat_inverse_mpi.cpp $(mpicxx --showme:link) \
//     -o heat_inverse_mpi
//   mpirun -np 2 ./heat_inverse_mpi   # or -np 1, 3, 4, ...: a divisor of N
//
// Exits with status 1 on every rank unless dJ/du0 at one point equals
// central finite differences, the checkpointed gradient is bitwise the
// fully taped one, the misfit decreased at every iteration and a
// hundredfold in all, and the recovered u0 is within 5% of the truth.
#include <tangent/mpi.hpp> // the adjoinable MPI layer the generated code calls
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

constexpr int N = 120;               // interior points of the whole rod
constexpr double DX = 1.0 / (N + 1); // grid spacing
constexpr double R = 0.25;           // kappa dt / dx^2 (stable below 1/2)
constexpr int STEPS = 100;           // time steps to the measurement
constexpr double ALPHA = 0.2;        // weight of the smoothness term
constexpr double SIGMA = 0.01;       // noise of the measurement
constexpr int ITERATIONS = 150;      // gradient descent steps

// Fill the halo cells u[0] and u[n + 1] of this rank's slice u[1..n] with the
// neighbours' end cells. At the ends of the rod the neighbour is
// MPI_PROC_NULL: nothing is received and the halo keeps its 0, the
// boundary value.
void exchange_halos(std::vector<double> &u, int left, int right) {
  const int n = static_cast<int>(u.size()) - 2;
  MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[n + 1], 1, MPI_DOUBLE, right,
               0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

// One explicit Euler step of this rank's slice, in place.
void heat_step(std::vector<double> &u, int left, int right) {
  const int n = static_cast<int>(u.size()) - 2;
  exchange_halos(u, left, right);
  std::vector<double> next(n + 2, 0.0);
  for (int i = 1; i <= n; ++i)
    next[i] = u[i] + R * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
  for (int i = 1; i <= n; ++i)
    u[i] = next[i];
}

// The function we differentiate, with respect to u0 (parameter 0): this
// rank's slice of the initial temperature, and of the measurement.
double misfit(const std::vector<double> &u0,
              const std::vector<double> &observed) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int n = static_cast<int>(u0.size());
  const int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  std::vector<double> u(n + 2, 0.0);
  for (int i = 0; i < n; ++i)
    u[i + 1] = u0[i];

  // The smoothness term: each jump of u0 is counted on the rank of its
  // right end (u[0] is the left neighbour's last point, or the boundary);
  // the last rank also counts the jump to the right boundary.
  exchange_halos(u, left, right);
  double local = 0.0;
  for (int i = 1; i <= n; ++i)
    local += 0.5 * ALPHA * (u[i] - u[i - 1]) * (u[i] - u[i - 1]);
  if (rank == size - 1)
    local += 0.5 * ALPHA * u[n] * u[n];

  for (int t = 0; t < STEPS; ++t)
    heat_step(u, left, right);

  for (int i = 1; i <= n; ++i) {
    const double e = u[i] - observed[i - 1];
    local += 0.5 * e * e;
  }
  double J = 0.0;
  MPI_Allreduce(&local, &J, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  // Every rank holds J now, but the gradient is that of the sum of the
  // ranks' results: return it on one rank.
  double result = 0.0;
  if (rank == 0)
    result = J;
  return result;
}

// The initial temperature to recover: two bumps of different widths.
double true_initial(int j) {
  const double x = (j + 1) * DX;
  const double a = (x - 0.3) / 0.1, b = (x - 0.68) / 0.15;
  return std::exp(-a * a) + 0.6 * std::exp(-b * b);
}

// The measurement, on the whole rod (every rank computes the same one, with
// the same scheme, no MPI): the final temperature from the true u0, plus
// noise of standard deviation SIGMA (deterministic: an LCG and 12
// uniforms).
std::vector<double> measure() {
  std::vector<double> u(N + 2, 0.0), next(N + 2, 0.0);
  for (int j = 0; j < N; ++j)
    u[j + 1] = true_initial(j);
  for (int t = 0; t < STEPS; ++t) {
    for (int i = 1; i <= N; ++i)
      next[i] = u[i] + R * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    for (int i = 1; i <= N; ++i)
      u[i] = next[i];
  }
  std::uint64_t state = 12345;
  auto uniform = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return double(state >> 11) * 0x1.0p-53;
  };
  std::vector<double> observed(N);
  for (int j = 0; j < N; ++j) {
    double z = -6.0;
    for (int i = 0; i < 12; ++i)
      z += uniform();
    observed[j] = u[j + 1] + SIGMA * z;
  }
  return observed;
}

// This process's rank and the number of ranks (set by main).
int rank_ = 0, ranks_ = 1;

// The sum over the ranks (every rank gets it).
double sum_over_ranks(double mine) {
  double total = 0.0;
  MPI_Allreduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return total;
}

// J on every rank: the sum of the ranks' results, which is what
// tangent::grad<misfit> differentiates.
double total_misfit(const std::vector<double> &u0,
                    const std::vector<double> &observed) {
  return sum_over_ranks(misfit(u0, observed));
}

// Relative L2 distance of the whole recovered u0 (every rank's slice) from
// the truth.
double relative_error(const std::vector<double> &u0, int first) {
  double diff = 0.0, norm = 0.0;
  for (std::size_t i = 0; i < u0.size(); ++i) {
    const double t = true_initial(first + static_cast<int>(i));
    diff += (u0[i] - t) * (u0[i] - t);
    norm += t * t;
  }
  return std::sqrt(sum_over_ranks(diff) / sum_over_ranks(norm));
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
  if (N % ranks_ != 0) {
    if (rank_ == 0)
      std::printf("run with a number of ranks that divides %d\n", N);
    MPI_Finalize();
    return 2;
  }
  const int n = N / ranks_, first = rank_ * n;
  const std::vector<double> all = measure();
  const std::vector<double> observed(all.begin() + first,
                                     all.begin() + first + n);
  if (rank_ == 0)
    std::printf("1-D heat equation, %d points on %d rank(s) (%d each), %d "
                "steps; final temperature measured with noise %.2f\n",
                N, ranks_, n, STEPS, SIGMA);

  auto dJ =
      tangent::grad<misfit, tangent::options{.wrt = tangent::wrt_params(0)}>();
  auto dJ_ckpt =
      tangent::grad<misfit, tangent::options{.checkpoint = true,
                                             .wrt = tangent::wrt_params(0)}>();

  // 1. One component of the gradient against central finite differences,
  // at the starting point u0 = 0. The point belongs to one rank; every rank
  // takes part in every evaluation of J.
  std::vector<double> u0(n, 0.0);
  const int j = N / 3, owner = j / n;
  const std::vector<double> g0 = dJ(u0, observed);
  const double g_j = sum_over_ranks(rank_ == owner ? g0[j - first] : 0.0);
  const double h = 1e-6;
  std::vector<double> up = u0, um = u0;
  if (rank_ == owner) {
    up[j - first] += h;
    um[j - first] -= h;
  }
  const double fd =
      (total_misfit(up, observed) - total_misfit(um, observed)) / (2 * h);
  const bool grad_ok = std::fabs(g_j - fd) <= 1e-6 * std::fabs(fd);
  if (rank_ == 0)
    std::printf("dJ/du0[%d] (on rank %d): tangent % .10e, finite differences "
                "% .10e -> %s\n",
                j, owner, g_j, fd, grad_ok ? "PASS" : "FAIL");

  // 2. The time loop checkpointed (sqrt(STEPS) segments, replays exchange
  // halos again): the same gradient with a smaller tape on each rank.
  tangent::stats::reset();
  const std::vector<double> g_taped = dJ(u0, observed);
  const double peak_taped = double(tangent::stats::peak_bytes());
  tangent::stats::reset();
  const std::vector<double> g_ckpt = dJ_ckpt(u0, observed);
  const double peak_ckpt = double(tangent::stats::peak_bytes());
  const double differ = sum_over_ranks(g_ckpt == g_taped ? 0.0 : 1.0);
  const bool ckpt_ok = differ == 0.0;
  double peaks[2] = {peak_taped, peak_ckpt}, most[2] = {0.0, 0.0};
  MPI_Allreduce(peaks, most, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  if (rank_ == 0) {
    std::printf("checkpointed gradient: %s the fully taped one\n",
                ckpt_ok ? "bitwise identical to" : "DIFFERENT from");
    std::printf("peak tape per rank: taped %.0f bytes, checkpointed %.0f "
                "bytes\n",
                most[0], most[1]);
  }

  // 3. Gradient descent on every rank, each on its slice. The curvature of
  // J is at most 1 + 4 ALPHA (the heat steps only damp), so this step
  // decreases J at every iteration.
  const double step = 1.0 / (1.0 + 4.0 * ALPHA);
  const double J_start = total_misfit(u0, observed);
  double J = J_start;
  bool monotone = true;
  for (int it = 0;; ++it) {
    // J on rank 0 and 0 elsewhere, and this rank's part of the gradient.
    auto [J_rank0, g] = dJ_ckpt.value_and_grad(u0, observed);
    const double J_now = sum_over_ranks(J_rank0);
    monotone = monotone && J_now <= J;
    J = J_now;
    if (it % 15 == 0 || it == ITERATIONS) {
      const double err = relative_error(u0, first);
      if (rank_ == 0)
        std::printf("  iter %3d   misfit %.6e   error of u0 %6.2f%%\n", it, J,
                    100.0 * err);
    }
    if (it == ITERATIONS)
      break;
    for (int i = 0; i < n; ++i)
      u0[i] -= step * g[i];
  }

  std::vector<double> truth(n);
  for (int i = 0; i < n; ++i)
    truth[i] = true_initial(first + i);
  const double J_truth = total_misfit(truth, observed);
  const double err = relative_error(u0, first);
  const bool ok =
      grad_ok && ckpt_ok && monotone && J < 0.01 * J_start && err < 0.05;
  if (rank_ == 0) {
    std::printf("misfit %.6e -> %.6e (at the true u0: %.6e), decreasing at "
                "every iteration: %s\n",
                J_start, J, J_truth, monotone ? "yes" : "NO");
    std::printf("recovered u0 within %.2f%% of the truth (relative L2)\n",
                100.0 * err);
    std::printf("%s\n", ok ? "PASS" : "FAIL");
  }
  MPI_Finalize();
  return ok ? 0 : 1;
}
