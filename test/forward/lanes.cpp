// The vector forward mode: tangent::jacobian computes its columns 16 at a
// time through the generated `<f>_jvp_lanes<W>` (tangent::lanes tangents),
// and jvp<f>().pushforward_lanes<W> is its low-level entry. Each Jacobian is
// checked against central differences, and bitwise against the scalar
// forward mode's columns (the same operations, lane by lane). A function
// whose lanes variant cannot be made keeps the scalar columns. `dense_into`
// gives the same Jacobian as one row-major matrix, bitwise equal to the
// rows, leaves a void f's outputs as f does, and allocates nothing once its
// scratch is warm (operator new counted). (That the
// Jacobians here take the lanes is in the generated code: the golden test
// `lanes`; benchmarks/objectives checks the same for bundle adjustment and
// hand tracking.)
#include "../e2e/check.hpp"
#include "allocations.hpp"

#include <tangent/lanes.hpp>

#include <array>
#include <cmath>
#include <span>
#include <vector>

using tangent_test::check_near;
using tangent_test::check_true;
using tangent_test::flatten;
using tangent_test::tight_tol;

// A void function writing three outputs through a pointer (a callee, a
// loop, a branch, <cmath>).
double bump(double v, double c) { return v > c ? (v - c) * (v - c) : 0.0; }

void outputs(const double *x, int n, double *y) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += std::sin(x[i]) * x[i] + bump(x[i], 0.5);
  y[0] = s;
  y[1] = x[0] * x[n - 1] / (1 + x[2] * x[2]);
  y[2] = std::exp(0.1 * s) - std::sqrt(x[3]);
}
constexpr auto outputs_wrt = tangent::options{.wrt = tangent::wrt_params(0, 2)};

// A vector-valued function of a vector and a scalar.
std::vector<double> rotate(const std::vector<double> &x, double a) {
  std::vector<double> r(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    r[i] = std::tanh(a * x[i]) + x[(i + 1) % x.size()] * std::cos(a);
  return r;
}

// 40 inputs: three sweeps of 16 lanes, the last one partly used.
std::vector<double> wide(const std::array<double, 40> &x) {
  std::vector<double> r(5, 0.0);
  for (int i = 0; i < 40; i++)
    r[std::size_t(i % 5)] += x[std::size_t(i)] * x[std::size_t((i + 7) % 40)];
  r[4] = std::log(1 + r[4] * r[4]);
  return r;
}

// A scalar function, for pushforward_lanes.
double energy(const double *x, double k) {
  return k * (x[0] * x[0] + x[1] * x[1]) + std::exp(x[0] - x[1]);
}
constexpr auto first = tangent::options{.wrt = tangent::wrt_params(0)};

// Not selected, and written from a selected one: the lanes variant gives
// such a parameter no tangent, so there is none; the Jacobian comes from
// the scalar forward mode.
std::vector<double> scaled(const std::vector<double> &x, double s) {
  s = s * x[0];
  std::vector<double> r(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    r[i] = s * x[i];
  return r;
}

// A void function of 20 inputs that reads its outputs' values at the call:
// one sweep of 32 lanes (three sweeps of 16, each from the outputs as they
// were: test forward.zero_factors). (Twelve
// outputs: with at most half as many outputs as inputs jacobian takes the
// vector reverse mode instead, test forward.reverse_lanes.)
void accumulate(const double *x, double *y) {
  double s = 0;
  for (int i = 0; i < 20; i++)
    s += x[i] * x[(i + 3) % 20];
  for (int k = 0; k < 11; k++)
    y[k] = 0.5 * y[k] + s * (k + 1);
  y[11] = y[11] * std::sin(x[0]) + x[19];
}
constexpr auto accumulate_wrt =
    tangent::options{.wrt = tangent::wrt_params(0, 1)};

int main() {
  {
    std::vector<double> x(5);
    for (int i = 0; i < 5; i++)
      x[std::size_t(i)] = 0.1 * i + 0.3;
    double y[3];
    auto J = tangent::jacobian<outputs, outputs_wrt>();
    const auto rows = J(std::span<const double>(x), 5, std::span<double>(y));
    bool same = true;
    std::vector<std::vector<double>> fd(3, std::vector<double>(5));
    for (int k = 0; k < 5; ++k) {
      std::vector<double> t(5, 0.0);
      t[std::size_t(k)] = 1;
      double ty[3] = {0, 0, 0};
      tangent::jvp<outputs, outputs_wrt>().pushforward(x.data(), 5, y, t.data(),
                                                       ty);
      for (int i = 0; i < 3; i++)
        same = same && ty[i] == rows[std::size_t(i)][std::size_t(k)];
      const double h = 1e-6, x0 = x[std::size_t(k)];
      double up[3], down[3];
      x[std::size_t(k)] = x0 + h;
      outputs(x.data(), 5, up);
      x[std::size_t(k)] = x0 - h;
      outputs(x.data(), 5, down);
      x[std::size_t(k)] = x0;
      for (int i = 0; i < 3; i++)
        fd[std::size_t(i)][std::size_t(k)] = (up[i] - down[i]) / (2 * h);
    }
    check_true("outputs: lanes == scalar columns", same);
    std::vector<std::vector<double>> got(rows.begin(), rows.end());
    check_near("outputs: Jacobian vs differences", got, fd,
               tangent_test::double_tol);
    std::vector<double> dense{7.0}; // resized
    double yd[3] = {-1, -1, -1};
    J.dense_into(dense, std::span<const double>(x), 5, std::span<double>(yd));
    double y0[3];
    outputs(x.data(), 5, y0);
    check_true("outputs: dense_into == rows",
               dense == flatten(rows) && dense.size() == 15);
    check_true("outputs: dense_into leaves f's outputs",
               yd[0] == y0[0] && yd[1] == y0[1] && yd[2] == y0[2]);
    const long before = allocations;
    J.dense_into(dense, std::span<const double>(x), 5, std::span<double>(yd));
    const bool none = allocations == before; // before the message's string
    check_true("outputs: a warm dense_into allocates nothing", none);
  }
  {
    std::array<double, 20> x;
    for (int i = 0; i < 20; i++)
      x[std::size_t(i)] = std::cos(0.7 * i);
    auto J = tangent::jacobian<accumulate, accumulate_wrt>();
    std::array<double, 12> y, yd, yf;
    for (std::size_t k = 0; k < 12; k++)
      y[k] = yd[k] = yf[k] = 0.25 * double(k) - 1.5;
    const auto rows = J(std::span<const double>(x), std::span<double>(y));
    const std::vector<double> dense =
        J.dense(std::span<const double>(x), std::span<double>(yd));
    accumulate(x.data(), yf.data());
    check_true("accumulate: 1 sweep, dense == rows", dense == flatten(rows));
    check_true("accumulate: dense leaves f's outputs", yd == yf && y == yf);
    // d y0 / d x_k = x_{k+3} + x_{k-3}; d y11 / d x_19 = 1.
    check_near("accumulate: d y0 / d x_5, d y11 / d x_19",
               std::vector<double>{dense[5], dense[11 * 20 + 19]},
               std::vector<double>{x[8] + x[2], 1.0}, tight_tol);
  }
  {
    const std::vector<double> x{0.3, -0.2, 0.8, 1.1, -0.7, 0.05, 0.4};
    const double a = 0.7;
    auto J = tangent::jacobian<rotate>();
    const auto rows = J(x, a);
    bool same = true;
    for (std::size_t k = 0; k <= x.size(); ++k) {
      std::vector<double> tx(x.size(), 0.0);
      double ta = 0;
      (k < x.size() ? tx[k] : ta) = 1;
      const std::vector<double> col = tangent::jvp<rotate>()(x, a, tx, ta);
      for (std::size_t i = 0; i < col.size(); ++i)
        same = same && col[i] == (k < x.size() ? std::get<0>(rows[i])[k]
                                               : std::get<1>(rows[i]));
    }
    check_true("rotate: lanes == scalar columns", same);
    std::vector<double> da(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
      const double h = 1e-6;
      da[i] = (rotate(x, a + h)[i] - rotate(x, a - h)[i]) / (2 * h);
    }
    std::vector<double> got(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
      got[i] = std::get<1>(rows[i]);
    check_near("rotate: d/da vs differences", got, da,
               tangent_test::double_tol);
    check_true("rotate: dense == rows", J.dense(x, a) == flatten(rows));
  }
  {
    std::array<double, 40> x;
    for (int i = 0; i < 40; i++)
      x[std::size_t(i)] = std::sin(0.3 * i);
    auto J = tangent::jacobian<wide>();
    const auto rows = J(x);
    bool same = true;
    std::vector<std::vector<double>> fd(5, std::vector<double>(40));
    for (std::size_t k = 0; k < 40; ++k) {
      std::array<double, 40> t{};
      t[k] = 1;
      const std::vector<double> col = tangent::jvp<wide>()(x, t);
      for (std::size_t i = 0; i < 5; ++i)
        same = same && col[i] == rows[i][k];
      const double h = 1e-6, x0 = x[k];
      x[k] = x0 + h;
      const std::vector<double> up = wide(x);
      x[k] = x0 - h;
      const std::vector<double> down = wide(x);
      x[k] = x0;
      for (std::size_t i = 0; i < 5; ++i)
        fd[i][k] = (up[i] - down[i]) / (2 * h);
    }
    check_true("wide: 3 sweeps == scalar columns", same);
    std::vector<std::vector<double>> got;
    for (const auto &row : rows)
      got.emplace_back(row.begin(), row.end());
    check_near("wide: Jacobian vs differences", got, fd,
               tangent_test::double_tol);
    check_true("wide: dense == rows", J.dense(x) == flatten(rows));
  }
  {
    const double x[2] = {0.4, -0.3};
    tangent::lanes<double, 4> t[2];
    t[0][0] = 1;    // d/dx0
    t[1][1] = 1;    // d/dx1
    t[0][2] = 0.5;  // a direction
    t[1][2] = -2.0; //
    const tangent::lanes<double, 4> d =
        tangent::jvp<energy, first>().pushforward_lanes<4>(x, 2.5, t);
    bool same = true;
    for (int j = 0; j < 4; j++) {
      const double tj[2] = {t[0][j], t[1][j]};
      same =
          same && tangent::jvp<energy, first>().pushforward(x, 2.5, tj) == d[j];
    }
    check_true("energy: pushforward_lanes<4> == pushforward", same);
    const double e = std::exp(x[0] - x[1]);
    check_near("energy: lanes are the gradient",
               std::vector<double>{d[0], d[1], d[3]},
               std::vector<double>{5 * x[0] + e, 5 * x[1] - e, 0.0}, tight_tol);
  }
  {
    const std::vector<double> x{0.5, 1.5, -1.0};
    auto J = tangent::jacobian<scaled, first>();
    const auto rows = J(x, 2.0);
    // r_i = 2 x0 x_i: d r_i / d x_j = 2 (x_i [j == 0] + x0 [i == j])
    std::vector<std::vector<double>> exact(3, std::vector<double>(3));
    for (std::size_t i = 0; i < 3; i++)
      for (std::size_t j = 0; j < 3; j++)
        exact[i][j] = 2 * ((j == 0 ? x[i] : 0.0) + (i == j ? x[0] : 0.0));
    std::vector<std::vector<double>> got(rows.begin(), rows.end());
    check_near("scaled: scalar columns, analytic", got, exact, tight_tol);
    check_true("scaled: dense (scalar columns) == rows",
               J.dense(x, 2.0) == flatten(rows));
  }
  return tangent_test::summary();
}
