// Second order: tangent::hvp<f>() (the adjoint of f's tangent-linear
// function) and tangent::hessian<f>(), against analytic Hessians
// (Rosenbrock, a quadratic form, a function with a loop of 200 iterations,
// lgamma at 1),
// against central differences of the gradient, and for symmetry; with
// checkpointed loops, bitwise equal to the fully taped Hessian-vector
// product. hvp<f>().gradient_and_hvp gives the same product, bitwise, and
// f's gradient from the same sweep (against grad<f>).
#include "differences.hpp"

#include <cmath>
#include <vector>

using tangent_test::check_near;
using tangent_test::check_same;
using tangent_test::check_strategies;
using tangent_test::check_true;
using tangent_test::fd_hvp;
using tangent_test::tight_tol;
using tangent_test::tolerance;

using Matrix = std::vector<std::vector<double>>;

// sum_i lgamma(x_i) + tgamma(x_0 x_1): second derivatives of lgamma are the
// trigamma function (the rule table's polygamma(1, x)), of tgamma
// tgamma (psi^2 + psi'); both sides of the poles.
double gammas(const std::vector<double> &x) {
  double s = std::tgamma(x[0] * x[1]);
  for (std::size_t i = 0; i < x.size(); ++i)
    s += std::lgamma(x[i]);
  return s;
}

double rosenbrock(const std::vector<double> &x) {
  double s = 0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}

Matrix rosenbrock_hessian(const std::vector<double> &x) {
  const std::size_t n = x.size();
  Matrix h(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i + 1 < n; ++i) {
    h[i][i] += 1200 * x[i] * x[i] - 400 * x[i + 1] + 2;
    h[i + 1][i + 1] += 200;
    h[i][i + 1] += -400 * x[i];
    h[i + 1][i] += -400 * x[i];
  }
  return h;
}

// x^T A x with a non-symmetric A: the Hessian is A + A^T.
double quadratic(const std::vector<double> &x, const Matrix &a) {
  double s = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = 0; j < x.size(); ++j)
      s += x[i] * a[i][j] * x[j];
  return s;
}

// 200 iterations of sum_t w_t cos(a_t . x), a_tj = sin(t + j): the Hessian
// is -sum_t w_t cos(a_t . x) a_t a_t^T.
double waves(const std::vector<double> &x) {
  double s = 0;
  for (int t = 0; t < 200; ++t) {
    double r = 0;
    for (std::size_t j = 0; j < x.size(); ++j)
      r += std::sin(double(t + j)) * x[j];
    s += (1.0 + 0.01 * t) * std::cos(r);
  }
  return s;
}

Matrix waves_hessian(const std::vector<double> &x) {
  const std::size_t n = x.size();
  Matrix h(n, std::vector<double>(n, 0.0));
  for (int t = 0; t < 200; ++t) {
    std::vector<double> a(n);
    double r = 0;
    for (std::size_t j = 0; j < n; ++j)
      r += (a[j] = std::sin(double(t + j))) * x[j];
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        h[i][j] -= (1.0 + 0.01 * t) * std::cos(r) * a[i] * a[j];
  }
  return h;
}

// A time loop (checkpointed under options) with a callee in each step.
double step(double s, double x) { return s + 0.05 * std::tanh(s * x + 0.3); }

double evolve(const std::vector<double> &x, double k) {
  std::vector<double> s(x.size(), 0.1);
  for (int t = 0; t < 400; ++t)
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = step(s[j], x[j] * k);
  double r = 0;
  for (std::size_t j = 0; j < s.size(); ++j)
    r += s[j] * s[j] * x[j];
  return r;
}

// A convergence loop of unknown trip count (online checkpointing).
double settle(double x, double y) {
  double s = 1.0;
  int k = 0;
  while (std::fabs(s - std::cos(s) * x) > 1e-13 && k < 500) {
    s = std::cos(s) * x + 0.0 * y;
    ++k;
  }
  return s * y + std::exp(x * y);
}

// k-means' shape: a callee given pointers into the centroids, the nearest
// one chosen by a branch; its Hessian is diagonal (2 x count per centroid).
double sqdist(int d, const double *p, const double *c) {
  double r = 0;
  for (int l = 0; l < d; l++) {
    double e = p[l] - c[l];
    r = r + e * e;
  }
  return r;
}
double nearest(const std::vector<double> &c, const std::vector<double> &pts) {
  const int d = 2, k = int(c.size()) / 2;
  double cost = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    double best = sqdist(d, &pts[i], &c[0]);
    for (int j = 1; j < k; j++) {
      double dist = sqdist(d, &pts[i], &c[std::size_t(j * d)]);
      if (dist < best)
        best = dist;
    }
    cost = cost + best;
  }
  return cost;
}

std::vector<double> times(const Matrix &h, const std::vector<double> &v) {
  std::vector<double> out(h.size(), 0.0);
  for (std::size_t i = 0; i < h.size(); ++i)
    for (std::size_t j = 0; j < v.size(); ++j)
      out[i] += h[i][j] * v[j];
  return out;
}

bool symmetric(const Matrix &h, double tol) {
  for (std::size_t i = 0; i < h.size(); ++i)
    for (std::size_t j = 0; j < h.size(); ++j)
      if (std::fabs(h[i][j] - h[j][i]) >
          tol * (std::fabs(h[i][j]) + std::fabs(h[j][i]) + 1e-300))
        return false;
  return true;
}

int main() {
  const tolerance analytic{1e-12, 1e-11};
  {
    std::vector<double> x{-1.2, 1.0, 0.4, 0.9, -0.3, 1.1};
    std::vector<double> v{0.5, -1.0, 2.0, 0.25, 1.5, -0.75};
    auto hv = tangent::hvp<rosenbrock>();
    check_near("rosenbrock: hvp = H v (analytic)", hv(x, v),
               times(rosenbrock_hessian(x), v), analytic);
    check_near("rosenbrock: hvp = FD of gradients", hv(x, v),
               fd_hvp(tangent::grad<rosenbrock>(), x, v));
    Matrix h = tangent::hessian<rosenbrock>()(x);
    check_near("rosenbrock: hessian (analytic)", h, rosenbrock_hessian(x),
               analytic);
    check_true("rosenbrock: hessian symmetric", symmetric(h, 1e-14));
    // -DTANGENT_TEST_STRATEGIES: every strategy and budget against the full
    // tape (test/e2e/check_strategies.hpp); nothing otherwise.
    check_strategies("rosenbrock: hvp", hv, x, v);
  }
  {
    std::vector<double> x{1.3, 0.8, -0.6, 4.5}, v{0.5, -1.0, 2.0, 0.25};
    check_near("gammas: hvp = FD of gradients", tangent::hvp<gammas>()(x, v),
               fd_hvp(tangent::grad<gammas>(), x, v), {1e-6, 1e-6});
    // d2/dx2 lgamma(x) at 1: pi^2 / 6.
    std::vector<double> one{1.0, 1.0, 1.0, 1.0}, e3{0, 0, 0, 1.0};
    const double pi = 3.14159265358979323846;
    check_near("gammas: hvp at 1 (lgamma'' = pi^2/6)",
               tangent::hvp<gammas>()(one, e3)[3], pi * pi / 6, tight_tol);
  }
  {
    Matrix a{{2.0, 0.5, -1.0}, {1.5, 3.0, 0.25}, {0.0, -2.0, 1.0}};
    std::vector<double> x{0.3, -0.7, 1.2}, v{1.0, 0.5, -0.5};
    Matrix sym(3, std::vector<double>(3));
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        sym[i][j] = a[i][j] + a[j][i];
    // hvp with respect to x only: a is a constant of the product.
    constexpr tangent::options only_x{.wrt = tangent::wrt_params(0)};
    check_near("quadratic: hvp = (A + A^T) v",
               tangent::hvp<quadratic, only_x>()(x, a, v), times(sym, v),
               tight_tol);
    Matrix h = tangent::hessian<quadratic, only_x>()(x, a);
    check_near("quadratic: hessian = A + A^T", h, sym, tight_tol);
    check_strategies("quadratic: hvp", tangent::hvp<quadratic, only_x>(), x, a,
                     v);
  }
  {
    std::vector<double> x{0.2, -0.4, 0.7, 0.1}, v{1.0, -2.0, 0.5, 0.3};
    auto hv = tangent::hvp<waves>();
    check_near("waves (200 iterations): hvp = H v (analytic)", hv(x, v),
               times(waves_hessian(x), v), analytic);
    check_near("waves: hvp = FD of gradients", hv(x, v),
               fd_hvp(tangent::grad<waves>(), x, v));
    Matrix h = tangent::hessian<waves>()(x);
    check_true("waves: hessian symmetric", symmetric(h, 1e-12));
    check_near("waves: hessian (analytic)", h, waves_hessian(x), analytic);
    check_strategies("waves: hvp", hv, x, v);
    check_strategies("waves: grad", tangent::grad<waves>(), x);
  }
  {
    std::vector<double> x{0.3, -0.2, 0.8, 0.5, 1.1}, v{1, 0.5, -1, 2, 0.1};
    // Along x only (k's direction 0): the x part is the gradient's
    // difference quotient along v.
    check_near("evolve: hvp = FD of gradients",
               std::get<0>(tangent::hvp<evolve>()(x, 1.3, v, 0.0)),
               fd_hvp(tangent::grad<evolve>(), x, v, 1.3), {1e-6, 1e-5});
    auto full = tangent::hvp<evolve>()(x, 1.3, v, 0.7);
    constexpr tangent::options ck{.checkpoint = true};
    constexpr tangent::options budget{.memory_budget = 4096};
    check_same("evolve: checkpointed hvp == fully taped",
               tangent::hvp<evolve, ck>()(x, 1.3, v, 0.7), full);
    check_same("evolve: hvp under a memory budget == fully taped",
               tangent::hvp<evolve, budget>()(x, 1.3, v, 0.7), full);
    check_strategies("evolve: hvp", tangent::hvp<evolve>(), x, 1.3, v, 0.7);
    check_strategies("evolve: grad", tangent::grad<evolve>(), x, 1.3);
  }
  {
    // d2/dxdy etc. of s(x) y + exp(xy), where s = x cos(s).
    auto hv = tangent::hvp<settle>();
    auto [hx, hy] = hv(0.6, 0.9, 1.0, 0.0);
    auto g = [](double x, double y) { return tangent::grad<settle>()(x, y); };
    const double h = 1e-5;
    auto [gxp, gyp] = g(0.6 + h, 0.9);
    auto [gxm, gym] = g(0.6 - h, 0.9);
    check_near(
        "settle (while loop): hvp = FD of gradients",
        std::vector<double>{hx, hy},
        std::vector<double>{(gxp - gxm) / (2 * h), (gyp - gym) / (2 * h)},
        {1e-6, 1e-6});
    constexpr tangent::options ck{.checkpoint = true, .budget = 4};
    check_same("settle: checkpointed (online) hvp == fully taped",
               tangent::hvp<settle, ck>()(0.6, 0.9, 1.0, 0.0),
               std::tuple{hx, hy});
    check_strategies("settle: hvp", hv, 0.6, 0.9, 1.0, 0.0);
    check_strategies("settle: hvp, checkpointed", tangent::hvp<settle, ck>(),
                     0.6, 0.9, 1.0, 0.0);
  }
  {
    // The gradient from the Hessian-vector product's own sweep.
    std::vector<double> x{-1.2, 1.0, 0.4, 0.9, -0.3, 1.1};
    std::vector<double> v{0.5, -1.0, 2.0, 0.25, 1.5, -0.75};
    auto [g, hv] = tangent::hvp<rosenbrock>().gradient_and_hvp(x, v);
    check_same("rosenbrock: gradient_and_hvp's product == hvp", hv,
               tangent::hvp<rosenbrock>()(x, v));
    check_near("rosenbrock: gradient_and_hvp's gradient == grad", g,
               tangent::grad<rosenbrock>()(x), tight_tol);
    std::vector<double> w{0.2, -0.4, 0.7, 0.1}, u{1.0, -2.0, 0.5, 0.3};
    auto [gw, hw] = tangent::hvp<waves>().gradient_and_hvp(w, u);
    check_same("waves: gradient_and_hvp's product == hvp", hw,
               tangent::hvp<waves>()(w, u));
    check_near("waves: gradient_and_hvp's gradient == grad", gw,
               tangent::grad<waves>()(w), tight_tol);
    std::vector<double> e{0.3, -0.2, 0.8, 0.5, 1.1}, ev{1, 0.5, -1, 2, 0.1};
    constexpr tangent::options ck{.checkpoint = true};
    auto [ge, he] =
        tangent::hvp<evolve, ck>().gradient_and_hvp(e, 1.3, ev, 0.7);
    check_same("evolve: checkpointed gradient_and_hvp's product == hvp", he,
               tangent::hvp<evolve>()(e, 1.3, ev, 0.7));
    check_near("evolve: gradient_and_hvp's gradient == grad", ge,
               tangent::grad<evolve>()(e, 1.3), tight_tol);
    auto [gs, hs] = tangent::hvp<settle>().gradient_and_hvp(0.6, 0.9, 1.0, 0.0);
    check_same("settle: gradient_and_hvp's product == hvp", hs,
               tangent::hvp<settle>()(0.6, 0.9, 1.0, 0.0));
    check_near("settle: gradient_and_hvp's gradient == grad", gs,
               tangent::grad<settle>()(0.6, 0.9), tight_tol);
    // A diagonal Hessian's diagonal: one product with the ones vector.
    const std::vector<double> c{0.1, 0.2, 1.0, 1.1, -0.8, 0.4};
    const std::vector<double> pts{0.0, 0.3, 1.2, 0.9, -1.0, 0.5,
                                  0.9, 1.3, 0.3, 0.1, -0.6, 0.2};
    const std::vector<double> ones(c.size(), 1.0);
    constexpr tangent::options only_c{.wrt = tangent::wrt_params(0)};
    auto [gc, diag] =
        tangent::hvp<nearest, only_c>().gradient_and_hvp(c, pts, ones);
    check_same("nearest: gradient_and_hvp's gradient == grad", gc,
               tangent::grad<nearest, only_c>()(c, pts));
    // Each centroid's diagonal is 2 x the points nearest to it: 2, 2, 2.
    check_near("nearest: Hessian diagonal (analytic)", diag,
               std::vector<double>{4, 4, 4, 4, 4, 4}, tight_tol);
    check_same("nearest: gradient_and_hvp's product == hvp", diag,
               tangent::hvp<nearest, only_c>()(c, pts, ones));
  }
  return tangent_test::summary();
}
