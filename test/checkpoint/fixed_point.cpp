// [[tangent::fixed_point]]: loops that iterate x = g(x, p) to convergence,
// differentiated by iterating the adjoint fixed point at the final state
// (codegen/LoopFixedPoint.cpp). The gradient is the implicit-function
// derivative to the loop's tolerance: it is checked against that
// derivative computed independently (a scalar fixed point, a linear system
// solved by Jacobi), against finite differences, and against the fully
// taped twin (the same loop reversed iteration by iteration). The peak
// bytes do not grow with the iteration count. Checkpointed loops around a
// fixed point stay bitwise equal to their fully taped twins.
#include "twin.hpp"
#include <tangent/annotations.hpp>

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

using namespace ckpt_test;

namespace {

// 1. A scalar fixed point: x = 0.5 cos(x) + p.
#define SCALAR_BODY(ATTR)                                                      \
  {                                                                            \
    double x = 0.0, err = 1.0;                                                 \
    ATTR while (err > 1e-14) {                                                 \
      double xn = 0.5 * std::cos(x) + p;                                       \
      err = std::fabs(xn - x);                                                 \
      x = xn;                                                                  \
    }                                                                          \
    return x * x + p;                                                          \
  }
double scalar_taped(double p) SCALAR_BODY() double scalar_fixed(double p)
    SCALAR_BODY([[tangent::fixed_point]])

        double scalar_exact(double p) {
  double x = 0.0, err = 1.0;
  while (err > 1e-16) {
    double xn = 0.5 * std::cos(x) + p;
    err = std::fabs(xn - x);
    x = xn;
  }
  return 2 * x / (1 + 0.5 * std::sin(x)) + 1; // dx/dp = 1 / (1 - g_x)
}

// 2. A linear system A x = b(p) solved by Jacobi sweeps (do-while, vector
// state); loss sum_i w_i x_i^2. A is diagonally dominant.
double a_entry(int i, int j) { return i == j ? 4.0 : 1.0 / (1.0 + i + 2 * j); }

#define JACOBI_BODY(ATTR)                                                      \
  {                                                                            \
    const int n = static_cast<int>(p.size());                                  \
    const double tol = std::pow(10.0, -digits);                                \
    std::vector<double> x(n, 0.0), xn(n, 0.0);                                 \
    double err = 0.0;                                                          \
    ATTR do {                                                                  \
      err = 0.0;                                                               \
      for (int i = 0; i < n; ++i) {                                            \
        double s = std::sin(p[i]);                                             \
        for (int j = 0; j < n; ++j)                                            \
          if (j != i)                                                          \
            s -= a_entry(i, j) * x[j];                                         \
        xn[i] = s / a_entry(i, i);                                             \
        err = std::fmax(err, std::fabs(xn[i] - x[i]));                         \
      }                                                                        \
      x = xn;                                                                  \
    }                                                                          \
    while (err > tol)                                                          \
      ;                                                                        \
    double loss = 0.0;                                                         \
    for (int i = 0; i < n; ++i)                                                \
      loss += (1.0 + 0.1 * i) * x[i] * x[i];                                   \
    return loss;                                                               \
  }
double jacobi_taped(const std::vector<double> &p, int digits)
    JACOBI_BODY() double jacobi_fixed(const std::vector<double> &p, int digits)
        JACOBI_BODY([[tangent::fixed_point]])

    /// dL/dp by the implicit function theorem: x = A^-1 b, L_b = A^-T (2 w x).
    std::vector<double> jacobi_exact(const std::vector<double> &p) {
  const int n = static_cast<int>(p.size());
  auto solve = [n](std::vector<std::vector<double>> m, std::vector<double> r) {
    for (int c = 0; c < n; ++c)
      for (int i = c + 1; i < n; ++i) {
        const double f = m[i][c] / m[c][c];
        for (int j = c; j < n; ++j)
          m[i][j] -= f * m[c][j];
        r[i] -= f * r[c];
      }
    for (int i = n - 1; i >= 0; --i) {
      for (int j = i + 1; j < n; ++j)
        r[i] -= m[i][j] * r[j];
      r[i] /= m[i][i];
    }
    return r;
  };
  std::vector<std::vector<double>> a(n, std::vector<double>(n)), at = a;
  std::vector<double> b(n);
  for (int i = 0; i < n; ++i) {
    b[i] = std::sin(p[i]);
    for (int j = 0; j < n; ++j)
      at[j][i] = a[i][j] = a_entry(i, j);
  }
  const std::vector<double> x = solve(a, b);
  std::vector<double> lx(n);
  for (int i = 0; i < n; ++i)
    lx[i] = 2 * (1.0 + 0.1 * i) * x[i];
  std::vector<double> lb = solve(at, lx);
  for (int i = 0; i < n; ++i)
    lb[i] *= std::cos(p[i]);
  return lb;
}

// 3. A nonlinear vector map in a for loop with an iteration cap and a
// convergence test; the state also holds the iteration count.
#define TANH_BODY(ATTR)                                                        \
  {                                                                            \
    const std::size_t n = p.size();                                            \
    std::vector<double> x(n, 0.0);                                             \
    double change = 1.0;                                                       \
    ATTR for (int it = 0; it < 500 && change > 1e-13; ++it) {                  \
      change = 0.0;                                                            \
      std::vector<double> y(n);                                                \
      for (std::size_t i = 0; i < n; ++i) {                                    \
        const double left = i > 0 ? x[i - 1] : 0.0;                            \
        const double right = i + 1 < n ? x[i + 1] : 0.0;                       \
        y[i] = 0.4 * std::tanh(left - right + x[i]) + p[i];                    \
        change += std::fabs(y[i] - x[i]);                                      \
      }                                                                        \
      x = y;                                                                   \
    }                                                                          \
    double s = 0.0;                                                            \
    for (std::size_t i = 0; i < n; ++i)                                        \
      s += std::exp(0.3 * x[i]);                                               \
    return s;                                                                  \
  }
double tanh_taped(const std::vector<double> &p)
    TANH_BODY() double tanh_fixed(const std::vector<double> &p)
        TANH_BODY(TANGENT_FIXED_POINT)

    // 4. Implicit Euler for y' = -y^3 + c, each step solved by a fixed point
    // z = y + h (c - z^3); the time loop checkpointed around it.
    double implicit_step(double y, double c, double h) {
  double z = y, dz = 1.0;
  [[tangent::fixed_point]] while (dz > 1e-15) {
    const double zn = y + h * (c - z * z * z);
    dz = std::fabs(zn - z);
    z = zn;
  }
  return z;
}
#define EULER_BODY(ATTR)                                                       \
  {                                                                            \
    double y = y0;                                                             \
    ATTR for (int k = 0; k < steps; ++k) {                                     \
      double z = y, dz = 1.0;                                                  \
      [[tangent::fixed_point]] while (dz > 1e-15) {                            \
        const double zn = y + 0.05 * (c - z * z * z);                          \
        dz = std::fabs(zn - z);                                                \
        z = zn;                                                                \
      }                                                                        \
      y = z;                                                                   \
    }                                                                          \
    return y * y;                                                              \
  }
double euler_fixed(double y0, double c, int steps)
    EULER_BODY() double euler_ckpt(double y0, double c, int steps)
        EULER_BODY([[tangent::checkpoint]])

    /// The same with the step in a callee (its loop under the attribute too).
    double euler_callee(double y0, double c, int steps) {
  double y = y0;
  [[tangent::checkpoint]] for (int k = 0; k < steps; ++k)
    y = implicit_step(y, c, 0.05);
  return y * y;
}

// 5. Already converged: no iteration, so the adjoint passes through as on
// the full tape (bitwise).
#define CONVERGED_BODY(ATTR)                                                   \
  {                                                                            \
    double x = p, err = 0.0;                                                   \
    ATTR while (err > 1e-12) {                                                 \
      const double xn = 0.5 * x;                                               \
      err = std::fabs(xn - x);                                                 \
      x = xn;                                                                  \
    }                                                                          \
    return 3.0 * x * x;                                                        \
  }
double converged_taped(double p)
    CONVERGED_BODY() double converged_fixed(double p)
        CONVERGED_BODY([[tangent::fixed_point]])

            std::vector<double> ramp(std::size_t n, double a, double b) {
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = a + b * std::sin(0.7 * static_cast<double>(i) + 0.3);
  return v;
}

} // namespace

int main() {
  const tolerance implicit{1e-12, 1e-11};

  // 1. Scalar.
  for (double p : {0.3, -0.8, 1.7}) {
    const std::string at = "scalar(" + tangent_test::detail::number(p) + ")";
    const double got = tangent::grad<scalar_fixed>()(p);
    check_near(at + "/==implicit", got, scalar_exact(p), implicit);
    check_near(at + "/~taped", got, tangent::grad<scalar_taped>()(p), implicit);
    check(at + "/~fd", tangent::grad<scalar_fixed>(), p);
    check_value_and_grad(at + "/value", tangent::grad<scalar_fixed>(), p);
    check_pullback(at + "/pullback", tangent::grad<scalar_fixed>(), 1.5, p);
  }

  // 2. Jacobi: the implicit derivative, and memory independent of the
  // iteration count (tape of one sweep, two snapshots).
  const std::vector<double> p = ramp(120, 0.2, 0.9);
  const auto exact = jacobi_exact(p);
  std::size_t peaks[2] = {0, 0};
  int k = 0;
  for (int digits : {6, 15}) {
    const std::string at = "jacobi(tol 1e-" + std::to_string(digits) + ")";
    const auto g_fixed = tangent::grad<jacobi_fixed>()(p, digits);
    peaks[k++] = peak_of(tangent::grad<jacobi_fixed>(), p, digits);
    if (digits > 12)
      check_near(at + "/==implicit", g_fixed, exact, implicit);
    else
      check_near(at + "/~implicit", g_fixed, exact, tolerance{1e-5, 1e-4});
    const auto g_taped = tangent::grad<jacobi_taped>()(p, digits);
    check_near(at + "/~taped", g_fixed, g_taped,
               digits > 12 ? implicit : tolerance{1e-5, 1e-4});
    const std::size_t taped_peak =
        peak_of(tangent::grad<jacobi_taped>(), p, digits);
    std::printf("%s: peak %zu bytes (full tape %zu)\n", at.c_str(),
                peaks[k - 1], taped_peak);
    check_true(at + "/memory", peaks[k - 1] < taped_peak,
               "fixed point " + std::to_string(peaks[k - 1]) +
                   " bytes, full tape " + std::to_string(taped_peak));
  }
  check_true("jacobi/memory independent of the iteration count",
             peaks[0] == peaks[1],
             std::to_string(peaks[0]) + " vs " + std::to_string(peaks[1]));
  check("jacobi/~fd", tangent::grad<jacobi_fixed>(), ramp(6, 0.1, 0.5), 15);

  // 3. Nonlinear, for loop with a cap.
  for (std::size_t n : {1, 5, 40}) {
    const std::string at = "tanh(" + std::to_string(n) + ")";
    const auto q = ramp(n, 0.1, 0.4);
    check_near(at + "/~taped", tangent::grad<tanh_fixed>()(q),
               tangent::grad<tanh_taped>()(q), implicit);
    check(at + "/~fd", tangent::grad<tanh_fixed>(), q);
  }

  // 4. A fixed point in each step of a checkpointed time loop, inline and
  // in a callee: bitwise equal to the same fixed points under a fully
  // taped time loop.
  for (int steps : {0, 1, 7, 40}) {
    const std::string at = "euler(" + std::to_string(steps) + ")";
    twin(at, expect::any, tangent::grad<euler_fixed>(),
         tangent::grad<euler_ckpt>(), 0.8, 0.3, steps);
    check_same(at + "/memory_budget==taped",
               tangent::grad<euler_fixed, options{.memory_budget = 2000}>()(
                   0.8, 0.3, steps),
               tangent::grad<euler_fixed>()(0.8, 0.3, steps));
    check_same(
        at + "/threads==taped",
        tangent::grad<euler_fixed, options{.checkpoint = true, .threads = 2}>()(
            0.8, 0.3, steps),
        tangent::grad<euler_fixed>()(0.8, 0.3, steps));
    check_near(at + "/callee~inline",
               tangent::grad<euler_callee>()(0.8, 0.3, steps),
               tangent::grad<euler_fixed>()(0.8, 0.3, steps), tight_tol);
    // -DTANGENT_TEST_STRATEGIES: every strategy and budget against the
    // full tape (test/e2e/check_strategies.hpp); nothing otherwise.
    check_strategies(at + "/callee", tangent::grad<euler_callee>(), 0.8, 0.3,
                     steps);
  }

  // 5. No iteration: the same as the full tape, bitwise.
  for (double q : {0.0, 2.5}) {
    const std::string at = "converged(" + tangent_test::detail::number(q) + ")";
    check_same(at + "/==taped", tangent::grad<converged_fixed>()(q),
               tangent::grad<converged_taped>()(q));
    check_twin_strategies(at, tangent::grad<converged_taped>(),
                          tangent::grad<converged_fixed>(), q);
  }
  return summary();
}
