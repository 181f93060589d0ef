// Jacobians: tangent::jacobian<f>() of vector-valued functions, row i the
// gradient of output i shaped as grad<f> shapes it, against central
// differences and against the reverse-mode gradients of each output.
#include "../e2e/check.hpp"

#include <array>
#include <cmath>
#include <vector>

using tangent_test::check_near;
using tangent_test::check_strategies;
using tangent_test::check_true;
using tangent_test::tight_tol;

// Residuals of a small nonlinear least-squares problem (exponential decay
// fitted to samples): r_i = a exp(-b t_i) + c - y_i.
std::vector<double> residuals(const std::vector<double> &p,
                              const std::vector<double> &t,
                              const std::vector<double> &y) {
  std::vector<double> r(t.size());
  for (std::size_t i = 0; i < t.size(); ++i)
    r[i] = p[0] * std::exp(-p[1] * t[i]) + p[2] - y[i];
  return r;
}

double residual_k(const std::vector<double> &p, const std::vector<double> &t,
                  const std::vector<double> &y, int k) {
  std::vector<double> r = residuals(p, t, y);
  return r[std::size_t(k)];
}

// Several differentiable parameters: rows are tuples.
std::vector<double> mix(const std::vector<double> &x, double s,
                        const std::array<double, 2> &w) {
  std::vector<double> out;
  for (std::size_t i = 0; i < x.size(); ++i)
    out.push_back(s * std::sin(x[i]) + w[i % 2] * x[i] * x[i]);
  out.push_back(s * w[0] * w[1]);
  return out;
}

std::array<double, 3> spherical(double r, double th, double ph) {
  return {r * std::sin(th) * std::cos(ph), r * std::sin(th) * std::sin(ph),
          r * std::cos(th)};
}

template <class F> double central(const F &along, double h = 1e-5) {
  return (8 * (along(h) - along(-h)) - (along(2 * h) - along(-2 * h))) /
         (12 * h);
}

int main() {
  {
    std::vector<double> t, y;
    for (int i = 0; i < 12; ++i) {
      t.push_back(0.25 * i);
      y.push_back(2.0 * std::exp(-0.7 * 0.25 * i) + 0.3 + 0.01 * (i % 3));
    }
    std::vector<double> p{1.5, 0.5, 0.1};
    auto rows = tangent::jacobian<
        residuals, tangent::options{.wrt = tangent::wrt_params(0)}>()(p, t, y);
    check_true("residuals: one row per output", rows.size() == t.size());
    std::vector<std::vector<double>> fd(t.size(), std::vector<double>(3));
    for (std::size_t i = 0; i < t.size(); ++i)
      for (std::size_t j = 0; j < 3; ++j)
        fd[i][j] = central([&](double h) {
          auto q = p;
          q[j] += h;
          return residuals(q, t, y)[i];
        });
    check_near("residuals: jacobian = FD (12 outputs, 3 inputs: columns)", rows,
               fd);
    // Row k is the gradient of output k (reverse mode).
    // -DTANGENT_TEST_STRATEGIES: the strategy matrix of the reverse-mode
    // requests (vjp, grad) and the jvp values (test/e2e/check_strategies.hpp);
    // nothing otherwise.
    check_strategies(
        "residuals: jvp",
        tangent::jvp<residuals,
                     tangent::options{.wrt = tangent::wrt_params(0)}>(),
        p, t, y, std::vector<double>{1.0, -0.5, 0.25});
    check_strategies(
        "residuals: vjp",
        tangent::vjp<residuals,
                     tangent::options{.wrt = tangent::wrt_params(0)}>(),
        p, t, y, y);
    check_strategies(
        "residual_k: grad",
        tangent::grad<residual_k,
                      tangent::options{.wrt = tangent::wrt_params(0)}>(),
        p, t, y, 5);
    for (int k : {0, 5, 11})
      check_near(
          "residuals: row " + std::to_string(k) + " = grad",
          rows[std::size_t(k)],
          tangent::grad<residual_k, tangent::options{.wrt = tangent::wrt_params(
                                                         0)}>()(p, t, y, k),
          tight_tol);
  }
  {
    std::vector<double> x{0.3, -0.8, 1.1};
    std::array<double, 2> w{0.5, -1.5};
    auto rows = tangent::jacobian<mix>()(x, 1.7, w);
    check_true("mix: outputs", rows.size() == 4);
    bool ok = true;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto &[dx, ds, dw] = rows[i];
      for (std::size_t j = 0; j < x.size(); ++j) {
        auto x2 = x;
        double e = central([&](double h) {
          x2 = x;
          x2[j] += h;
          return mix(x2, 1.7, w)[i];
        });
        ok &= std::fabs(dx[j] - e) < 1e-8;
      }
      ok &= std::fabs(ds - central([&](double h) {
                        return mix(x, 1.7 + h, w)[i];
                      })) < 1e-8;
      for (std::size_t j = 0; j < 2; ++j) {
        double e = central([&](double h) {
          auto w2 = w;
          w2[j] += h;
          return mix(x, 1.7, w2)[i];
        });
        ok &= std::fabs(dw[j] - e) < 1e-8;
      }
    }
    check_true("mix: tuple rows = FD (4 outputs, 6 inputs: reverse rows)", ok);
    // Row 2 by a vector-Jacobian product with the unit vector, and a
    // general cotangent against the rows combined.
    std::vector<double> u{0.5, -1.0, 0.25, 2.0};
    auto [ux, us, uw] = tangent::vjp<mix>()(x, 1.7, w, u);
    std::vector<double> combined(x.size(), 0.0);
    double cs = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      for (std::size_t j = 0; j < x.size(); ++j)
        combined[j] += u[i] * std::get<0>(rows[i])[j];
      cs += u[i] * std::get<1>(rows[i]);
    }
    check_near("mix: vjp = u^T J", ux, combined, tight_tol);
    check_near("mix: vjp = u^T J (s)", us, cs, tight_tol);
    check_strategies("mix: vjp", tangent::vjp<mix>(), x, 1.7, w, u);
    (void)uw;
  }
  {
    auto rows = tangent::jacobian<spherical>()(2.0, 0.6, -0.4);
    const double r = 2.0, th = 0.6, ph = -0.4;
    std::vector<std::vector<double>> exact{
        {std::sin(th) * std::cos(ph), r * std::cos(th) * std::cos(ph),
         -r * std::sin(th) * std::sin(ph)},
        {std::sin(th) * std::sin(ph), r * std::cos(th) * std::sin(ph),
         r * std::sin(th) * std::cos(ph)},
        {std::cos(th), -r * std::sin(th), 0.0}};
    std::vector<std::vector<double>> got;
    for (const auto &row : rows)
      got.push_back({std::get<0>(row), std::get<1>(row), std::get<2>(row)});
    check_near("spherical: std::array result, analytic", got, exact, tight_tol);
    check_strategies("spherical: jvp", tangent::jvp<spherical>(), 2.0, 0.6,
                     -0.4, 1.0, 0.5, -0.25);
  }
  return tangent_test::summary();
}
