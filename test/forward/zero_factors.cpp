// Tangents a zero factor throws away (forward/ZeroFactors.cpp): a tangent
// update `y = y + w * t` whose summand t only it reads runs, with t's
// computation, under `if (w != 0)`. Linear blend skinning with mostly zero
// weights, its jvp against the gradient and central differences, and its
// Jacobian (24 inputs: one sweep of 32 lanes, jacobian.hpp's
// wide_lane_width) bitwise against the scalar forward mode's columns; a
// void function of 36 inputs that reads its outputs (three sweeps of 16,
// each from the outputs as they were). Look-alikes the pass must leave
// alone or guard differently: the summand read again after the update, a
// sum reading a value its loop computes (the loop cannot be split), a
// value the sum reads changed before the update, a C loop's index read
// after it. Each jvp is also
// differentiated again (hvp against differences of gradients).
#include "differences.hpp"

#include <tangent/lanes.hpp>

#include <array>
#include <cmath>
#include <span>
#include <vector>

using tangent_test::check_near;
using tangent_test::check_true;
using tangent_test::flatten;
using tangent_test::tight_tol;

// 4 bones of 6 parameters, 14 vertices (more outputs than half the
// inputs: jacobian takes the forward mode); w (14 x 4) mostly zero.
void blend(const double *x, const double *w, double *y) {
  for (int v = 0; v < 14; v++) {
    y[v] = 0;
    for (int b = 0; b < 4; b++) {
      double weight = w[v * 4 + b];
      double s = 0;
      for (int l = 0; l < 6; l++)
        s = s + std::sin(x[b * 6 + l]) * (l + v + 1);
      y[v] = y[v] + weight * s;
    }
  }
}
constexpr auto blend_wrt = tangent::options{.wrt = tangent::wrt_params(0, 2)};

double blended(const std::vector<double> &x, const std::vector<double> &w) {
  double y[14];
  blend(x.data(), w.data(), y);
  double r = 0;
  for (int v = 0; v < 14; v++)
    r = r + y[v] * y[v];
  return r;
}

// The summand read again after the update: not guarded.
double twice(const std::vector<double> &x, const std::vector<double> &w) {
  double r = 0, all = 0;
  for (int v = 0; v < 6; v++) {
    double weight = w[v];
    double s = 0;
    for (int l = 0; l < 4; l++)
      s = s + x[std::size_t(l)] * x[std::size_t(l + v)];
    r = r + weight * s;
    all = all + s * s;
  }
  return r + all;
}

// The sum reads a value its loop computes (q): the loop is not split.
double dependent(const std::vector<double> &x, const std::vector<double> &w) {
  double r = 0;
  for (int v = 0; v < 6; v++) {
    double weight = w[v];
    double s = 0, p = 0;
    for (int l = 0; l < 4; l++) {
      double q = x[std::size_t(l + v)] * x[std::size_t(l)];
      p = p + std::cos(q);
      s = s + q;
    }
    r = r + weight * s;
    r = r + p;
  }
  return r;
}

// A value the sum reads (a) changes between the sum and the update.
double rescaled(const std::vector<double> &x, const std::vector<double> &w) {
  double r = 0, a = x[0];
  for (int v = 0; v < 6; v++) {
    double weight = w[v];
    double s = 0;
    for (int l = 0; l < 4; l++)
      s = s + a * x[std::size_t(l + v)];
    a = a * 1.25 + x[std::size_t(v)];
    r = r + weight * s;
  }
  return r + a;
}

// The summing loop's index is read after it (a C loop): left alone.
double indexAfter(const std::vector<double> &x, const std::vector<double> &w) {
  double r = 0;
  int l = 0;
  for (int v = 0; v < 6; v++) {
    double weight = w[std::size_t(v)];
    double s = 0;
    for (l = 0; l < 3 + v % 2; l++)
      s = s + x[std::size_t(l)] * x[std::size_t(l + v)];
    r = r + weight * s;
    r = r + 0.01 * l * x[std::size_t(v)];
  }
  return r;
}

// Reads its outputs' values at the call: three sweeps of 16 lanes.
void accumulate(const double *x, double *y) {
  double s = 0;
  for (int i = 0; i < 36; i++)
    s += x[i] * x[(i + 3) % 36];
  for (int k = 0; k < 11; k++)
    y[k] = 0.5 * y[k] + s * (k + 1);
  y[11] = y[11] * std::sin(x[0]) + x[35];
}
constexpr auto accumulate_wrt =
    tangent::options{.wrt = tangent::wrt_params(0, 1)};

// jvp against the gradient and differences.
template <auto F>
void check_scalar(const std::string &name, const std::vector<double> &x,
                  const std::vector<double> &w) {
  constexpr tangent::options only_x{.wrt = tangent::wrt_params(0)};
  std::vector<double> t(x.size());
  for (std::size_t i = 0; i < t.size(); ++i)
    t[i] = 0.3 + 0.1 * double(i % 5);
  const double jv = tangent::jvp<F, only_x>()(x, w, t);
  const std::vector<double> g = tangent::grad<F, only_x>()(x, w);
  double dot = 0;
  for (std::size_t i = 0; i < t.size(); ++i)
    dot += g[i] * t[i];
  check_near(name + ": jvp = gradient . t", jv, dot, tight_tol);
  const double h = 1e-6;
  std::vector<double> up = x, down = x;
  for (std::size_t i = 0; i < x.size(); ++i) {
    up[i] += h * t[i];
    down[i] -= h * t[i];
  }
  check_near(name + ": jvp = FD along t", jv, (F(up, w) - F(down, w)) / (2 * h),
             tangent_test::double_tol);
  // The Hessian-vector product differentiates the guarded jvp again.
  check_near(name + ": hvp = FD of gradients",
             tangent::hvp<F, only_x>()(x, w, t),
             tangent_test::fd_hvp(tangent::grad<F, only_x>(), x, t, w));
}

int main() {
  std::vector<double> x(24), w(56, 0.0);
  for (int i = 0; i < 24; i++)
    x[std::size_t(i)] = 0.2 * std::cos(0.9 * i) + 0.05 * i;
  // Each vertex follows its bone and the next.
  for (int v = 0; v < 14; v++) {
    w[std::size_t(v * 4 + v % 4)] = 0.7;
    w[std::size_t(v * 4 + (v + 1) % 4)] = 0.3;
  }
  {
    auto J = tangent::jacobian<blend, blend_wrt>();
    double y[14];
    const auto rows =
        J(std::span<const double>(x), w.data(), std::span<double>(y));
    bool same = true;
    std::vector<std::vector<double>> fd(14, std::vector<double>(24));
    for (std::size_t k = 0; k < 24; ++k) {
      std::vector<double> t(24, 0.0);
      t[k] = 1;
      double ty[14];
      tangent::jvp<blend, blend_wrt>().pushforward(x.data(), w.data(), y,
                                                   t.data(), ty);
      for (std::size_t i = 0; i < 14; i++)
        same = same && ty[i] == rows[i][k];
      const double h = 1e-6, x0 = x[k];
      double up[14], down[14];
      x[k] = x0 + h;
      blend(x.data(), w.data(), up);
      x[k] = x0 - h;
      blend(x.data(), w.data(), down);
      x[k] = x0;
      for (std::size_t i = 0; i < 14; i++)
        fd[i][k] = (up[i] - down[i]) / (2 * h);
    }
    check_true("blend: one sweep of 32 lanes == scalar columns", same);
    std::vector<std::vector<double>> got(rows.begin(), rows.end());
    check_near("blend: Jacobian vs differences", got, fd,
               tangent_test::double_tol);
  }
  check_scalar<blended>("blended", x, w);
  const std::vector<double> xs{0.3, -0.5, 0.8, 1.1, -0.2, 0.6, 0.9, -0.4, 0.7};
  const std::vector<double> ws{0.0, 0.5, 0.0, 0.0, 1.5, 0.0};
  check_scalar<twice>("twice", xs, ws);
  check_scalar<dependent>("dependent", xs, ws);
  check_scalar<rescaled>("rescaled", xs, ws);
  check_scalar<indexAfter>("indexAfter", xs, ws);
  {
    std::array<double, 36> xa;
    for (int i = 0; i < 36; i++)
      xa[std::size_t(i)] = std::cos(0.7 * i);
    auto J = tangent::jacobian<accumulate, accumulate_wrt>();
    std::array<double, 12> y, yd, yf;
    for (std::size_t k = 0; k < 12; k++)
      y[k] = yd[k] = yf[k] = 0.25 * double(k) - 1.5;
    const auto rows = J(std::span<const double>(xa), std::span<double>(y));
    const std::vector<double> dense =
        J.dense(std::span<const double>(xa), std::span<double>(yd));
    accumulate(xa.data(), yf.data());
    check_true("accumulate: 3 sweeps, dense == rows", dense == flatten(rows));
    check_true("accumulate: dense leaves f's outputs", yd == yf && y == yf);
    // d y0 / d x_k = x_{k+3} + x_{k-3}; d y11 / d x_35 = 1.
    check_near("accumulate: d y0 / d x_5, d y11 / d x_35",
               std::vector<double>{dense[5], dense[11 * 36 + 35]},
               std::vector<double>{xa[8] + xa[2], 1.0}, tight_tol);
  }
  return tangent_test::summary();
}
