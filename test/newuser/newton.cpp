// New user, program 5: Newton iterations and fixed-point loops.
//
// Loops that run until a convergence test: Newton's method for a cube root
// and for Kepler's equation (while loops on |step| > tol, one with an
// iteration cap), a two-unknown Newton solve with a 2x2 Jacobian inverted by
// Cramer's rule, the fixed point x = cos(p x) written as a plain while loop
// and again marked [[tangent::fixed_point]], and Jacobi iteration for a
// small linear system in a do-while. The derivatives of the converged
// results are checked against central finite differences
// (test/e2e/check.hpp) and against the implicit-function derivatives.
#include "../e2e/check.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

double cube_root(double a) {
  double x = a > 1.0 ? a : 1.0;
  double step = 1.0;
  while (std::fabs(step) > 1e-14 * std::fabs(x)) {
    step = (x * x * x - a) / (3.0 * x * x);
    x -= step;
  }
  return x;
}

// Kepler's equation E - e sin E = M, solved for the eccentric anomaly; the
// result is the true anomaly's cosine, as an orbit code would use it.
double kepler_cos_true_anomaly(double mean_anomaly, double ecc) {
  double E = mean_anomaly;
  int iter = 0;
  double delta = 1.0;
  while (std::fabs(delta) > 1e-13 && iter < 50) {
    delta = (E - ecc * std::sin(E) - mean_anomaly) / (1.0 - ecc * std::cos(E));
    E -= delta;
    ++iter;
  }
  return (std::cos(E) - ecc) / (1.0 - ecc * std::cos(E));
}

// Intersection of the circle x^2 + y^2 = r^2 with the curve y = exp(a x),
// by Newton's method in two unknowns; returns x * y.
double intersect(double r, double a) {
  double x = 0.5, y = 0.5;
  for (int it = 0; it < 100; ++it) {
    const double f1 = x * x + y * y - r * r;
    const double f2 = y - std::exp(a * x);
    if (std::fabs(f1) + std::fabs(f2) < 1e-14)
      break;
    // J = [[2x, 2y], [-a exp(a x), 1]]
    const double j11 = 2.0 * x, j12 = 2.0 * y;
    const double j21 = -a * std::exp(a * x), j22 = 1.0;
    const double det = j11 * j22 - j12 * j21;
    const double dx = (f1 * j22 - j12 * f2) / det;
    const double dy = (j11 * f2 - j21 * f1) / det;
    x -= dx;
    y -= dy;
  }
  return x * y;
}

// The fixed point of x = cos(p x), a plain while loop.
double cos_fixed_point(double p) {
  double x = 0.5;
  double err = 1.0;
  while (err > 1e-14) {
    double next = std::cos(p * x);
    err = std::fabs(next - x);
    x = next;
  }
  return x;
}

// The same loop, marked: the reverse sweep iterates the adjoint fixed point.
double cos_fixed_point_marked(double p) {
  double x = 0.5;
  double err = 1.0;
  [[tangent::fixed_point]] while (err > 1e-14) {
    double next = std::cos(p * x);
    err = std::fabs(next - x);
    x = next;
  }
  return x;
}

// Jacobi iteration for A x = b (A diagonally dominant, n x n, row-major);
// returns the weighted sum of the solution.
double jacobi_solve(const std::vector<double> &A, const std::vector<double> &b,
                    const std::vector<double> &w) {
  const std::size_t n = b.size();
  std::vector<double> x(n, 0.0), next(n);
  double change = 0.0;
  do {
    change = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      double s = b[i];
      for (std::size_t j = 0; j < n; ++j)
        if (j != i)
          s -= A[i * n + j] * x[j];
      next[i] = s / A[i * n + i];
      change = std::max(change, std::fabs(next[i] - x[i]));
    }
    x = next;
  } while (change > 1e-14);
  double r = 0.0;
  for (std::size_t i = 0; i < n; ++i)
    r += w[i] * x[i];
  return r;
}

int main() {
  using namespace tangent_test;

  auto dcube = tangent::grad<cube_root>();
  for (double a : {0.3, 2.0, 27.0}) {
    check("cube_root/grad a=" + std::to_string(a), dcube, a);
    // d/da a^(1/3) = 1 / (3 a^(2/3))
    check_near("cube_root/analytic a=" + std::to_string(a), dcube(a),
               1.0 / (3.0 * std::cbrt(a) * std::cbrt(a)), tight_tol);
  }
  check_value_and_grad("cube_root/value_and_grad", dcube, 5.0);

  auto dk = tangent::grad<kepler_cos_true_anomaly>();
  check("kepler/grad", dk, 1.1, 0.3);
  check("kepler/grad high e", dk, 0.4, 0.8);
  check_pullback("kepler/pullback", dk, 2.0, 2.5, 0.5);

  check("intersect/grad", tangent::grad<intersect>(), 1.5, 0.7);

  auto dfp = tangent::grad<cos_fixed_point>();
  auto dfpm = tangent::grad<cos_fixed_point_marked>();
  check("cos_fixed_point/grad", dfp, 0.9);
  check("cos_fixed_point_marked/grad", dfpm, 0.9);
  {
    // Implicit function theorem: x = cos(p x) gives
    // dx/dp = -x sin(p x) / (1 + p sin(p x)).
    const double p = 0.9, x = cos_fixed_point(p);
    const double implicit = -x * std::sin(p * x) / (1.0 + p * std::sin(p * x));
    check_near("cos_fixed_point/implicit", dfp(p), implicit, {1e-11, 1e-11});
    check_near("cos_fixed_point_marked/implicit", dfpm(p), implicit,
               {1e-11, 1e-11});
  }

  std::vector<double> A{4.0, 1.0, 0.5, 1.0, 5.0, 1.5, 0.5, 1.0, 3.0};
  std::vector<double> b{1.0, -2.0, 0.5}, w{0.3, 0.5, -0.7};
  auto dj = tangent::grad<jacobi_solve>();
  check("jacobi_solve/grad", dj, A, b, w);
  {
    // d(w.x)/db = A^-T w: check A^T (d/db) == w.
    auto [gA, gb, gw] = dj(A, b, w);
    std::vector<double> atg(3, 0.0);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        atg[i] += A[j * 3 + i] * gb[j];
    check_near("jacobi_solve/A^T db == w", atg, w, {1e-12, 1e-12});
    (void)gA;
    (void)gw;
  }
  return summary();
}
