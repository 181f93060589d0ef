// std::span parameters: a span carries its size, so every derivative kind
// takes a function over spans as it is (a span parameter's gradient is a
// std::vector of its size), std::span<double> outputs included; spans
// given to callees, their size(), data(), range-for over them, and
// vectors, arrays and C arrays given where a span is taken.
#include "../e2e/check.hpp"

#include <array>
#include <cmath>
#include <functional>
#include <span>
#include <vector>

using tangent_test::check_near;
using tangent_test::check_true;
using tangent_test::tight_tol;

// A callee over a span, and one writing into a std::span<double>.
double dot(std::span<const double> a, std::span<const double> b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}

void softmax(std::span<const double> x, std::span<double> out) {
  double m = x[0];
  for (double v : x)
    m = std::fmax(m, v);
  double z = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    out[i] = std::exp(x[i] - m);
    z += out[i];
  }
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] /= z;
}

// The requested function over spans.
double energy(std::span<const double> x, std::span<const double> w) {
  std::vector<double> p(x.size());
  softmax(x, p);
  double s = dot(p, w);
  for (std::size_t i = 0; i + 1 < x.size(); ++i)
    s += std::sin(x[i]) * x[i + 1];
  return s;
}

// A vector-valued result through a std::span<double> output.
void normalize(std::span<const double> x, std::span<double> y) {
  double n2 = 0.0;
  for (double v : x)
    n2 += v * v;
  const double n = std::sqrt(n2);
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] = x[i] / n;
}

// A std::vector and a C array given to span parameters.
double mixed(const std::vector<double> &v, double a) {
  double c[3] = {a, a * a, 1.0};
  std::array<double, 3> a3{a, 1.0, -a};
  return dot(v, c) + dot(a3, v);
}

template <class F> double central(const F &along, double h = 1e-5) {
  return (8 * (along(h) - along(-h)) - (along(2 * h) - along(-2 * h))) /
         (12 * h);
}

std::vector<double>
fd_gradient(std::vector<double> x,
            const std::function<double(const std::vector<double> &)> &f) {
  std::vector<double> g(x.size());
  for (std::size_t j = 0; j < x.size(); ++j)
    g[j] = central([&](double h) {
      auto y = x;
      y[j] += h;
      return f(y);
    });
  return g;
}

int main() {
  const std::vector<double> x{0.3, -0.2, 0.8, 1.1};
  const std::vector<double> w{1.0, -0.5, 0.25, 2.0};
  {
    auto [gx, gw] = tangent::grad<energy>()(x, w);
    check_near("energy: grad over spans, x", gx,
               fd_gradient(x, [&](const std::vector<double> &q) {
                 return energy(q, w);
               }));
    check_near("energy: grad over spans, w", gw,
               fd_gradient(w, [&](const std::vector<double> &q) {
                 return energy(x, q);
               }));
    const std::vector<double> vx{1.0, 0.5, -0.25, 0.0}, vw{0.0, 1.0, 0.0, 0.5};
    double dir = 0;
    for (std::size_t j = 0; j < 4; ++j)
      dir += gx[j] * vx[j] + gw[j] * vw[j];
    check_near("energy: jvp over spans", tangent::jvp<energy>()(x, w, vx, vw),
               dir, tight_tol);
    constexpr auto first = tangent::options{.wrt = tangent::wrt_params(0)};
    auto H = tangent::hessian<energy, first>()(x, w);
    bool symmetric = true;
    for (std::size_t i = 0; i < 4; ++i)
      for (std::size_t j = 0; j < 4; ++j)
        symmetric &= std::fabs(H[i][j] - H[j][i]) < 1e-12;
    check_true("energy: hessian over a span is symmetric", symmetric);
    std::vector<double> col(4);
    for (std::size_t i = 0; i < 4; ++i)
      col[i] = central([&](double h) {
        auto q = x;
        q[2] += h;
        return tangent::grad<energy, first>()(q, w)[i];
      });
    check_near("energy: hessian column = FD of the gradient", H[2], col);
  }
  {
    std::vector<double> y(4);
    auto J = tangent::jacobian<normalize>()(x, std::span<double>(y));
    std::vector<std::vector<double>> fd(4, std::vector<double>(4));
    for (std::size_t i = 0; i < 4; ++i)
      for (std::size_t j = 0; j < 4; ++j)
        fd[i][j] = central([&](double h) {
          auto q = x;
          q[j] += h;
          std::vector<double> out(4);
          normalize(q, out);
          return out[i];
        });
    check_near("normalize: jacobian of a span output", J, fd);
    check_near("normalize: the call leaves f's result", y[0],
               x[0] / std::sqrt(0.09 + 0.04 + 0.64 + 1.21), tight_tol);
  }
  {
    const std::vector<double> v{0.5, -1.5, 2.0};
    auto [gv, ga] = tangent::grad<mixed>()(v, 0.7);
    check_near("mixed: vector and C array given to spans (v)", gv,
               fd_gradient(v, [&](const std::vector<double> &q) {
                 return mixed(q, 0.7);
               }));
    check_near("mixed: (a)", ga,
               central([&](double h) { return mixed(v, 0.7 + h); }));
  }
  return tangent_test::summary();
}
