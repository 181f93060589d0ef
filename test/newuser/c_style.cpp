// New user, program 6: C-style numerical code over raw pointers.
//
// `double f(const double *x, int n)` objectives, a `void g(const double *x,
// double *out, int n)` residual function writing its results through a
// pointer, a least-squares objective calling it with a local C array,
// points addressed as `&x[3 * i]` and given to helpers taking
// `const double *`, and a `double *` in-out buffer. Gradients come from
// `pullback` with raw adjoint pointers, from `df(std::span(...), n)`, and
// the residuals' Jacobian from `pullback` row by row and from
// `tangent::jacobian` with spans; all are checked against central finite
// differences (test/e2e/check.hpp; its `check` takes no raw pointers, so
// the span forms are compared with fd_gradient of a std::vector wrapper).
#include "../e2e/check.hpp"

#include <cmath>
#include <span>
#include <string>
#include <vector>

double rosenbrock(const double *x, int n) {
  double f = 0.0;
  for (int i = 0; i < n - 1; i++) {
    double a = x[i + 1] - x[i] * x[i];
    double b = 1.0 - x[i];
    f += 100.0 * a * a + b * b;
  }
  return f;
}

void residuals(const double *x, double *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = std::sin(x[i]) - 0.5 * x[(i + 1) % n] + 0.1 * i;
}

double least_squares(const double *x, int n) {
  double r[16];
  residuals(x, r, n);
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += r[i] * r[i];
  return 0.5 * s;
}

static double dist(const double *a, const double *b) {
  double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
  return std::sqrt(dx * dx + dy * dy + dz * dz);
}

// Lennard-Jones-like pair energy of n points stored as x, y, z triples.
double pair_energy(const double *pos, int n, double sigma) {
  double e = 0.0;
  for (int i = 0; i < n; i++) {
    for (int j = i + 1; j < n; j++) {
      double r = dist(&pos[3 * i], &pos[3 * j]);
      double s6 = std::pow(sigma / r, 6);
      e += 4.0 * (s6 * s6 - s6);
    }
  }
  return e;
}

// In-out buffer: smooths `u` in place (one Jacobi sweep), then returns its
// energy.
double smooth_energy(double *u, int n, double alpha) {
  double prev = u[0];
  for (int i = 1; i < n - 1; i++) {
    double cur = u[i];
    u[i] = cur + alpha * (prev - 2.0 * cur + u[i + 1]);
    prev = cur;
  }
  double e = 0.0;
  for (int i = 0; i < n; i++)
    e += u[i] * u[i];
  return e;
}

// The modern spelling of the same thing: spans.
double weighted_norm(std::span<const double> x, std::span<const double> w) {
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); i++)
    s += w[i] * x[i] * x[i];
  return std::sqrt(s);
}

int main() {
  using namespace tangent_test;
  double x[6] = {-1.2, 1.0, 0.8, 0.5, 1.3, 0.9};
  const int n = 6;

  // pullback with raw pointers, as a C caller would.
  {
    auto df = tangent::grad<rosenbrock>();
    double dx[6] = {0, 0, 0, 0, 0, 0};
    double value = df.pullback(x, n, dx);
    check_near("rosenbrock/value", value, rosenbrock(x, n), value_tol);
    check_near("rosenbrock/pullback", std::vector<double>(dx, dx + n),
               fd_gradient(
                   [](const std::vector<double> &v) {
                     return rosenbrock(v.data(), static_cast<int>(v.size()));
                   },
                   std::vector<double>(x, x + n)));
    // df(...) with a std::span for the pointer.
    std::vector<double> g = df(std::span<const double>(x, n), n);
    check_near("rosenbrock/grad span", g, std::vector<double>(dx, dx + n),
               tight_tol);
    check_pullback("rosenbrock/check_pullback", df, 0.5, x, n);
  }

  check_pullback("least_squares/pullback", tangent::grad<least_squares>(), 1.0,
                 x, n);
  check_near("least_squares/grad span",
             tangent::grad<least_squares>()(std::span<const double>(x, n), n),
             fd_gradient(
                 [](const std::vector<double> &v) {
                   return least_squares(v.data(), static_cast<int>(v.size()));
                 },
                 std::vector<double>(x, x + n)));

  // The residuals' Jacobian: rows by pullback with a unit seed on out[i].
  {
    auto dr = tangent::grad<residuals>();
    double out[6];
    residuals(x, out, n);
    for (int i = 0; i < n; i++) {
      double dx[6] = {0, 0, 0, 0, 0, 0};
      double dout[6] = {0, 0, 0, 0, 0, 0};
      dout[i] = 1.0;
      dr.pullback(x, out, n, dx, dout);
      auto ri = [i](const std::vector<double> &v) {
        std::vector<double> o(v.size());
        residuals(v.data(), o.data(), static_cast<int>(v.size()));
        return o[i];
      };
      check_near("residuals/pullback row " + std::to_string(i),
                 std::vector<double>(dx, dx + n),
                 fd_gradient(ri, std::vector<double>(x, x + n)));
    }
    // ... and by tangent::jacobian with spans.
    std::vector<double> o(n);
    auto J = tangent::jacobian<residuals>()(std::span<const double>(x, n),
                                            std::span<double>(o), n);
    check_true("residuals/jacobian rows", J.size() == 6);
    for (std::size_t i = 0; i < J.size(); i++) {
      double dx[6] = {0, 0, 0, 0, 0, 0};
      double dout[6] = {0, 0, 0, 0, 0, 0};
      dout[i] = 1.0;
      dr.pullback(x, out, n, dx, dout);
      auto row = J[i];
      check_near("residuals/jacobian row " + std::to_string(i), row,
                 std::vector<double>(dx, dx + n), tight_tol);
    }
  }

  // Points by address.
  {
    double pos[12] = {0.0, 0.0, 0.0, 1.1, 0.1, 0.0,
                      0.2, 1.2, 0.1, 0.9, 1.0, 1.05};
    auto de = tangent::grad<pair_energy>();
    auto [gpos, gsigma] = de(std::span<const double>(pos, 12), 4, 1.0);
    check_near("pair_energy/grad span", std::tuple{gpos, gsigma},
               fd_gradient([](const std::vector<double> &p,
                              double s) { return pair_energy(p.data(), 4, s); },
                           std::vector<double>(pos, pos + 12), 1.0));
    // (check_pullback sizes a pointer by the next integer, n = 4, not 3 n.)
    double dpos[12] = {};
    double dsigma = 0.0;
    double e = de.pullback(pos, 4, 1.0, dpos, &dsigma);
    check_near("pair_energy/pullback value", e, pair_energy(pos, 4, 1.0),
               value_tol);
    check_near("pair_energy/pullback",
               std::tuple{std::vector<double>(dpos, dpos + 12), dsigma},
               std::tuple{gpos, gsigma}, tight_tol);
    double fsum = 0.0;
    for (int k = 0; k < 3; k++) {
      fsum = 0.0;
      for (int i = 0; i < 4; i++)
        fsum += dpos[3 * i + k];
      check_near("pair_energy/forces sum to 0, axis " + std::to_string(k), fsum,
                 0.0, {1e-12, 0});
    }
  }

  // std::span parameters: df(...) takes the spans, pullback span adjoints.
  {
    std::vector<double> w{1.0, 2.0, 0.5, 1.5, 1.0, 3.0};
    auto dn = tangent::grad<weighted_norm>();
    auto [gx, gw] = dn(std::span<const double>(x, n), w);
    auto expected = fd_gradient(
        [](const std::vector<double> &a, const std::vector<double> &b) {
          return weighted_norm(a, b);
        },
        std::vector<double>(x, x + n), w);
    check_near("weighted_norm/grad", std::tuple{gx, gw}, expected);
    std::vector<double> dx(n, 0.0), dw(n, 0.0);
    dn.pullback(std::span<const double>(x, n), w, std::span<double>(dx),
                std::span<double>(dw));
    check_near("weighted_norm/pullback", std::tuple{dx, dw}, expected);
  }

  // An in-out buffer: pullback leaves it as found.
  {
    double u[5] = {0.1, 0.7, -0.3, 0.5, 0.2};
    check_pullback("smooth_energy/pullback", tangent::grad<smooth_energy>(),
                   1.0, u, 5, 0.25);
  }
  return summary();
}
