// The vector reverse mode: tangent::jacobian of a void f with at most half
// as many outputs as inputs takes its rows W at a time (2 for up to two
// outputs, else 8) through the generated `<f>_pullback_lanes<W>`, whose
// adjoints are tangent::lanes, bound as adjoint<&f, O>::pullback_lanes<W>.
// Each Jacobian is checked against central differences, and bitwise
// against the scalar reverse mode's rows (one pullback per output, seeded
// with it: lane j performs the operations the scalar sweep performs for
// output j). Several sweeps start from the outputs as they were at the
// call; rows and dense_into leave f's outputs as f does, and a warm
// dense_into allocates nothing (operator new counted). A function the
// vector reverse mode refuses (a custom pullback) keeps the scalar rows.
// (That these Jacobians take the lanes, and that one does not, is in the
// generated code: the golden test `reverse_lanes`.)
#include "../e2e/check.hpp"
#include "allocations.hpp"

#include <tangent/lanes.hpp>

#include <array>
#include <cmath>
#include <functional>
#include <span>
#include <vector>

using tangent_test::check_near;
using tangent_test::check_same;
using tangent_test::check_true;
using tangent_test::flatten;

// Bundle adjustment's shape: a callee with a branch and loops writing
// through a pointer, a scalar by value, two outputs of ten inputs (W = 2).
void rotate_point(const double *r, const double *X, double *out) {
  double s = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
  if (s != 0) {
    double t = std::sqrt(s);
    double c = std::cos(t), sn = std::sin(t) / t;
    for (int i = 0; i < 3; i++)
      out[i] = X[i] * c + r[(i + 1) % 3] * X[(i + 2) % 3] * sn;
  } else {
    for (int i = 0; i < 3; i++)
      out[i] = X[i] + r[i];
  }
}
void project(const double *cam, const double *X, double w, double *err) {
  double p[3];
  rotate_point(cam, X, p);
  for (int i = 0; i < 3; i++)
    p[i] = p[i] - cam[3 + i];
  err[0] = w * p[0] / p[2];
  err[1] = w * p[1] / p[2] + std::exp(0.1 * cam[5]);
}

// Five outputs of a vector of 20, read at the call, a local vector grown
// by push_back (one sweep of 8 lanes, 3 idle).
void mix(const std::vector<double> &x, double *y) {
  std::vector<double> acc;
  double s = 0;
  for (std::size_t i = 0; i < x.size(); i++) {
    s = 0.5 * s + std::sin(x[i]) * x[(i + 1) % x.size()];
    acc.push_back(s);
  }
  for (int k = 0; k < 5; k++)
    y[k] = 0.5 * y[k] + acc[std::size_t(4 * k + 3)] * acc[std::size_t(k)];
}

// Ten outputs of 24 inputs: two sweeps of 8 lanes, each from the outputs
// as they were at the call.
void many(const double *x, double *y) {
  for (int k = 0; k < 10; k++) {
    double s = y[k];
    for (int i = 0; i < 24; i++)
      s += x[i] * x[(i + k + 1) % 24] / (1 + 0.1 * k);
    y[k] = std::tanh(s);
  }
}

// Mutual recursion: each callee's reverse in lanes calls the other's,
// declared before either is defined.
void odd(const double *x, int k, double *y);
void even(const double *x, int k, double *y) {
  if (k <= 0) {
    y[0] = x[0];
    y[1] = x[1] * x[2];
    return;
  }
  odd(x, k - 1, y);
  y[0] = std::sin(y[0]) + x[3];
}
void odd(const double *x, int k, double *y) {
  even(x, k - 1, y);
  y[1] = y[1] * x[0] + std::cos(y[0]);
}
constexpr auto even_wrt = tangent::options{.wrt = tangent::wrt_params(0, 2)};

// Refused by the vector reverse mode: a custom pullback takes scalar
// adjoints. Its rows are the scalar reverse mode's.
double soft(double v) { return std::log1p(std::exp(v)); }
namespace tangent::custom {
inline void soft_pullback(double v, double *d_v, double d_result) {
  *d_v += d_result / (1 + std::exp(-v));
}
} // namespace tangent::custom
void custom_rows(const double *x, double *y) {
  y[0] = soft(x[0] * x[1]) + x[2];
  y[1] = x[3] * soft(x[2]);
}

/// The scalar reverse mode's rows of a void f: for each output k, the
/// outputs put back, `pullback(k, d_in)` seeds output k alone and
/// accumulates into zeroed input adjoints `d_in` (n scalars), row k.
std::vector<double> scalar_rows(
    std::size_t m, std::size_t n, const std::function<void()> &put_back,
    const std::function<void(std::size_t, std::vector<double> &)> &pullback) {
  std::vector<double> J;
  for (std::size_t k = 0; k < m; k++) {
    put_back();
    std::vector<double> d(n, 0.0);
    pullback(k, d);
    J.insert(J.end(), d.begin(), d.end());
  }
  return J;
}

/// Central differences of f's m outputs in its n inputs `in` (pointers to
/// the scalars), each evaluation from outputs `y0` (m scalars at `y`).
std::vector<double> differences(std::size_t m, const std::vector<double *> &in,
                                double *y, const std::vector<double> &y0,
                                const std::function<void()> &f) {
  std::vector<double> J(m * in.size());
  for (std::size_t c = 0; c < in.size(); c++) {
    const double h = 1e-6, v = *in[c];
    std::vector<double> up(m), down(m);
    *in[c] = v + h;
    std::copy(y0.begin(), y0.end(), y);
    f();
    std::copy(y, y + m, up.begin());
    *in[c] = v - h;
    std::copy(y0.begin(), y0.end(), y);
    f();
    std::copy(y, y + m, down.begin());
    *in[c] = v;
    for (std::size_t i = 0; i < m; i++)
      J[i * in.size() + c] = (up[i] - down[i]) / (2 * h);
  }
  return J;
}

constexpr auto project_wrt =
    tangent::options{.wrt = tangent::wrt_params(0, 1, 2, 3)};
constexpr auto both = tangent::options{.wrt = tangent::wrt_params(0, 1)};

int main() {
  {
    std::array<double, 6> cam{0.3, -0.2, 0.1, 0.4, -0.3, 0.2};
    std::array<double, 3> X{1.0, 2.0, 3.5};
    double w = 0.7, err[2] = {0, 0};
    auto J = tangent::jacobian<project, project_wrt>();
    const auto rows =
        J(std::span<const double>(cam), std::span<const double>(X), w,
          std::span<double>(err, 2));
    std::vector<double> dense;
    double errd[2] = {-1, -1};
    J.dense_into(dense, std::span<const double>(cam),
                 std::span<const double>(X), w, std::span<double>(errd, 2));
    const std::vector<double> scalar = scalar_rows(
        2, 10, [] {},
        [&](std::size_t k, std::vector<double> &d) {
          double e[2], de[2] = {0, 0};
          de[k] = 1;
          tangent::grad<project, project_wrt>().pullback(
              cam.data(), X.data(), w, e, d.data(), d.data() + 6, &d[9], de);
        });
    check_same("project: rows == scalar reverse rows", flatten(rows), scalar);
    check_same("project: dense_into == rows", dense, flatten(rows));
    std::vector<double *> in;
    for (double &v : cam)
      in.push_back(&v);
    for (double &v : X)
      in.push_back(&v);
    in.push_back(&w);
    double y[2];
    const std::vector<double> fd = differences(
        2, in, y, {0, 0}, [&] { project(cam.data(), X.data(), w, y); });
    check_near("project: Jacobian vs differences", dense, fd,
               tangent_test::double_tol);
    project(cam.data(), X.data(), w, y);
    check_true("project: rows and dense_into leave f's outputs",
               err[0] == y[0] && err[1] == y[1] && errd[0] == y[0] &&
                   errd[1] == y[1]);
    const long before = allocations;
    J.dense_into(dense, std::span<const double>(cam),
                 std::span<const double>(X), w, std::span<double>(errd, 2));
    const bool none = allocations == before; // before the message's string
    check_true("project: a warm dense_into allocates nothing", none);
  }
  {
    std::vector<double> x(20);
    for (std::size_t i = 0; i < 20; i++)
      x[i] = std::cos(0.3 * double(i)) + 0.1;
    const std::vector<double> y0{0.5, -0.25, 1.0, 2.0, -1.5};
    std::vector<double> y = y0, yd = y0;
    auto J = tangent::jacobian<mix, both>();
    const auto rows = J(x, std::span<double>(y));
    const std::vector<double> dense = J.dense(x, std::span<double>(yd));
    std::vector<double> ys(5);
    const std::vector<double> scalar = scalar_rows(
        5, 20, [&] { ys = y0; },
        [&](std::size_t k, std::vector<double> &d) {
          std::vector<double> dy(5, 0.0);
          dy[k] = 1;
          tangent::grad<mix, both>().pullback(x, ys.data(), d, dy.data());
        });
    check_same("mix: rows == scalar reverse rows", flatten(rows), scalar);
    check_same("mix: dense == rows", dense, flatten(rows));
    std::vector<double *> in;
    for (double &v : x)
      in.push_back(&v);
    std::vector<double> yf(5);
    const std::vector<double> fd =
        differences(5, in, yf.data(), y0, [&] { mix(x, yf.data()); });
    check_near("mix: Jacobian vs differences", dense, fd,
               tangent_test::double_tol);
    yf = y0;
    mix(x, yf.data());
    check_true("mix: rows and dense leave f's outputs", y == yf && yd == yf);
  }
  {
    std::array<double, 24> x;
    for (std::size_t i = 0; i < 24; i++)
      x[i] = 0.2 * std::sin(1.7 * double(i));
    std::array<double, 10> y0;
    for (std::size_t k = 0; k < 10; k++)
      y0[k] = 0.1 * double(k) - 0.3;
    std::array<double, 10> y = y0;
    auto J = tangent::jacobian<many, both>();
    const auto rows = J(std::span<const double>(x), std::span<double>(y));
    std::array<double, 10> ys;
    const std::vector<double> scalar = scalar_rows(
        10, 24, [&] { ys = y0; },
        [&](std::size_t k, std::vector<double> &d) {
          std::array<double, 10> dy{};
          dy[k] = 1;
          tangent::grad<many, both>().pullback(x.data(), ys.data(), d.data(),
                                               dy.data());
        });
    check_same("many: two sweeps, rows == scalar reverse rows", flatten(rows),
               scalar);
    std::vector<double *> in;
    for (double &v : x)
      in.push_back(&v);
    std::array<double, 10> yf;
    const std::vector<double> fd = differences(
        10, in, yf.data(), std::vector<double>(y0.begin(), y0.end()),
        [&] { many(x.data(), yf.data()); });
    check_near("many: Jacobian vs differences", flatten(rows), fd,
               tangent_test::double_tol);
    yf = y0;
    many(x.data(), yf.data());
    check_true("many: rows leave f's outputs", y == yf);
  }
  {
    std::array<double, 6> x{0.3, 0.5, -0.2, 0.7, 0.1, 0.9};
    double y[2];
    auto J = tangent::jacobian<even, even_wrt>();
    const std::vector<double> dense =
        J.dense(std::span<const double>(x), 5, std::span<double>(y, 2));
    const std::vector<double> scalar = scalar_rows(
        2, 6, [] {},
        [&](std::size_t k, std::vector<double> &d) {
          double e[2], de[2] = {0, 0};
          de[k] = 1;
          tangent::grad<even, even_wrt>().pullback(x.data(), 5, e, d.data(),
                                                   de);
        });
    check_same("even/odd (mutual recursion): rows == scalar reverse rows",
               dense, scalar);
    std::vector<double *> in;
    for (double &v : x)
      in.push_back(&v);
    double yf[2];
    const std::vector<double> fd =
        differences(2, in, yf, {0, 0}, [&] { even(x.data(), 5, yf); });
    check_near("even/odd: Jacobian vs differences", dense, fd,
               tangent_test::double_tol);
  }
  {
    std::array<double, 4> x{0.4, -0.8, 0.3, 1.2};
    double y[2];
    auto J = tangent::jacobian<custom_rows, both>();
    const std::vector<double> dense =
        J.dense(std::span<const double>(x), std::span<double>(y, 2));
    std::vector<double *> in;
    for (double &v : x)
      in.push_back(&v);
    double yf[2];
    const std::vector<double> fd =
        differences(2, in, yf, {0, 0}, [&] { custom_rows(x.data(), yf); });
    check_near("custom: scalar rows vs differences", dense, fd,
               tangent_test::double_tol);
  }
  return tangent_test::summary();
}
