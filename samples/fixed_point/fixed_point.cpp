// Differentiating through a fixed-point solver, with online checkpointing.
//
// An "equilibrium layer": the state s (N = 1000 units on a chain) is the
// fixed point of
//
//   s_j = 0.5 tanh(0.9 s_j + 0.2 (s_{j-1} + s_{j+1}) + x_j)     (s_{-1} = s_N =
//   0)
//
// found by iterating until the update is below a tolerance. The number of
// iterations depends on the data, so the solver is a `while` loop whose trip
// count nobody knows in advance. Annotated [[tangent::checkpoint(8)]], its
// adjoint keeps at most 8 snapshots of the loop state (online
// checkpointing) instead of taping every iteration.
//
// We differentiate r(x) = sum_j s_j(x)^2 and check the gradient three ways:
//   - against central finite differences,
//   - against the same solver without the annotation (fully taped): the
//     gradients must be bitwise identical, and the memory much smaller,
//   - against the implicit-function-theorem gradient, computed by hand from
//     the converged state alone (the limit of the iteration's derivative).
//
//   build/bin/tangent-clang++ -O2 samples/fixed_point/fixed_point.cpp
//
// Exits with status 1 when a check fails.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

constexpr double tol = 1e-12;

// One Jacobi sweep: next = G(s, x). Returns the size of the update,
// sum_j |next_j - s_j|.
double relax(const std::vector<double> &s, const std::vector<double> &x,
             std::vector<double> &next) {
  const std::size_t n = s.size();
  double err = 0.0;
  for (std::size_t j = 0; j < n; ++j) {
    double left = j > 0 ? s[j - 1] : 0.0;
    double right = j + 1 < n ? s[j + 1] : 0.0;
    next[j] = 0.5 * std::tanh(0.9 * s[j] + 0.2 * (left + right) + x[j]);
    err += std::abs(next[j] - s[j]);
  }
  return err;
}

// The solver with online checkpointing of its while loop (budget 8).
double equilibrium_energy(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  std::vector<double> next(x.size(), 0.0);
  double err = 1.0;
  [[tangent::checkpoint(8)]] while (err > tol) {
    err = relax(s, x, next);
    s = next;
  }
  double r = 0.0;
  for (std::size_t j = 0; j < s.size(); ++j)
    r += s[j] * s[j];
  return r;
}

// Its twin without the annotation: every iteration is taped.
double equilibrium_energy_taped(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  std::vector<double> next(x.size(), 0.0);
  double err = 1.0;
  while (err > tol) {
    err = relax(s, x, next);
    s = next;
  }
  double r = 0.0;
  for (std::size_t j = 0; j < s.size(); ++j)
    r += s[j] * s[j];
  return r;
}

// The implicit-function-theorem gradient. At the fixed point s = G(s, x),
//   dr/dx = (dG/dx)^T lambda,   lambda = (dG/ds)^T lambda + dr/ds,
// and the adjoint equation for lambda is itself a contraction, solved by
// iterating. Only the converged state is needed, no history.
std::vector<double> ift_gradient(const std::vector<double> &x,
                                 int *iterations) {
  const std::size_t n = x.size();
  std::vector<double> s(n, 0.0), next(n, 0.0);
  *iterations = 0;
  for (double err = 1.0; err > tol; ++*iterations) {
    err = relax(s, x, next);
    s = next;
  }
  // d_j = dG_j/da_j with a_j the argument of tanh.
  std::vector<double> d(n);
  for (std::size_t j = 0; j < n; ++j) {
    double left = j > 0 ? s[j - 1] : 0.0;
    double right = j + 1 < n ? s[j + 1] : 0.0;
    double th = std::tanh(0.9 * s[j] + 0.2 * (left + right) + x[j]);
    d[j] = 0.5 * (1.0 - th * th);
  }
  std::vector<double> lambda(n, 0.0), lambda_next(n);
  for (double err = 1.0; err > 1e-15;) {
    err = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
      double v = 2.0 * s[k] + 0.9 * d[k] * lambda[k];
      if (k > 0)
        v += 0.2 * d[k - 1] * lambda[k - 1];
      if (k + 1 < n)
        v += 0.2 * d[k + 1] * lambda[k + 1];
      err += std::fabs(v - lambda[k]);
      lambda_next[k] = v;
    }
    lambda.swap(lambda_next);
  }
  std::vector<double> g(n);
  for (std::size_t j = 0; j < n; ++j)
    g[j] = d[j] * lambda[j];
  return g;
}

int main() {
  const std::size_t n = 1000;
  std::vector<double> x(n);
  for (std::size_t j = 0; j < n; ++j)
    x[j] = 0.8 * std::sin(0.05 * double(j)) + 0.3 * std::cos(0.31 * double(j));

  auto dr = tangent::grad<equilibrium_energy>();
  auto dr_taped = tangent::grad<equilibrium_energy_taped>();

  tangent::stats::reset();
  auto [r, g] = dr.value_and_grad(x);
  const std::size_t bytes_ckpt = tangent::stats::peak_bytes();
  tangent::stats::reset();
  auto [r_taped, g_taped] = dr_taped.value_and_grad(x);
  const std::size_t bytes_taped = tangent::stats::peak_bytes();

  int iterations = 0;
  const std::vector<double> g_ift = ift_gradient(x, &iterations);
  std::printf("fixed point of N = %zu coupled units: %d iterations to "
              "tolerance %.0e, r = %.12f\n",
              n, iterations, tol, r);

  // 1. Finite differences on a few components.
  double worst_fd = 0.0;
  for (std::size_t j : {std::size_t(0), std::size_t(1), n / 3, n - 1}) {
    std::vector<double> xp = x, xm = x;
    const double h = 1e-6;
    xp[j] += h;
    xm[j] -= h;
    double fd = (equilibrium_energy(xp) - equilibrium_energy(xm)) / (2 * h);
    worst_fd = std::fmax(worst_fd,
                         std::fabs(g[j] - fd) / std::fmax(1.0, std::fabs(fd)));
    std::printf("  dr/dx[%3zu]  tangent % .12f  finite differences % .12f  "
                "implicit % .12f\n",
                j, g[j], fd, g_ift[j]);
  }
  // 2. The implicit-function-theorem gradient, on every component.
  double worst_ift = 0.0;
  for (std::size_t j = 0; j < n; ++j)
    worst_ift = std::fmax(worst_ift, std::fabs(g[j] - g_ift[j]));
  // 3. The fully taped twin, bitwise.
  bool identical = r == r_taped && g == g_taped;

  const bool fd_ok = worst_fd < 1e-6;
  const bool ift_ok = worst_ift < 1e-9;
  const bool memory_ok = bytes_ckpt < bytes_taped;
  std::printf("vs finite differences: worst relative error %.2e -> %s\n",
              worst_fd, fd_ok ? "PASS" : "FAIL");
  std::printf("vs implicit function theorem: worst abs difference %.2e -> %s\n",
              worst_ift, ift_ok ? "PASS" : "FAIL");
  std::printf("vs fully taped twin: %s -> %s\n",
              identical ? "bitwise identical" : "DIFFERENT",
              identical ? "PASS" : "FAIL");
  std::printf("peak memory: fully taped %zu bytes, checkpoint(8) %zu bytes "
              "(%.1fx less) -> %s\n",
              bytes_taped, bytes_ckpt, double(bytes_taped) / double(bytes_ckpt),
              memory_ok ? "PASS" : "FAIL");
  const bool ok = fd_ok && ift_ok && identical && memory_ok;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
