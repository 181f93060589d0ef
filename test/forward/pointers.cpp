// Forward mode, Jacobians and second order of C-style functions over raw
// pointers: the high-level forms take a std::span (or a std::vector,
// std::array, C array) where f takes a pointer, which sizes the pointer's
// gradient, tangent or Jacobian block; a void function's results are what
// it writes through its selected non-const pointers; pushforward is the
// low-level form with raw tangent pointers. Everything against central
// differences of f itself.
#include "../e2e/check.hpp"

#include <array>
#include <cmath>
#include <functional>
#include <span>
#include <tuple>
#include <vector>

using tangent_test::check_near;
using tangent_test::check_true;
using tangent_test::tight_tol;

// --- functions -------------------------------------------------------------

// Residuals of an exponential fit, the C way: results through `double *r`.
void residuals(const double *p, const double *t, const double *y, int m,
               double *r) {
  for (int i = 0; i < m; ++i)
    r[i] = p[0] * std::exp(-p[1] * t[i]) + p[2] - y[i];
}

// A scalar objective over a pointer and its size.
double energy(const double *x, int n) {
  double e = 0.0;
  for (int i = 0; i + 1 < n; ++i) {
    const double d = x[i + 1] - x[i];
    e += d * d * d * d + std::sin(x[i]) * x[i + 1];
  }
  return e;
}

// Two outputs, one pointer each.
void polar(const double *xy, double *r, double *theta) {
  *r = std::sqrt(xy[0] * xy[0] + xy[1] * xy[1]);
  *theta = std::atan2(xy[1], xy[0]);
}

// A time step, the old state through a const pointer: the Jacobian of
// the new state with respect to the old one (as many inputs as outputs:
// forward columns).
void step(const double *old, double *u, int n, double dt) {
  for (int i = 0; i < n; ++i) {
    const double left = old[(i + n - 1) % n], right = old[(i + 1) % n];
    u[i] = old[i] + dt * (left - 2.0 * old[i] + right) - dt * old[i] * old[i];
  }
}

// Vector-valued with a pointer input (reverse rows through vjp).
std::vector<double> moments(const double *x, int n) {
  double s1 = 0, s2 = 0, s3 = 0;
  for (int i = 0; i < n; ++i) {
    s1 += x[i];
    s2 += x[i] * x[i];
    s3 += x[i] * x[i] * x[i];
  }
  return {s1 / n, s2 / n, s3 / n};
}

// A helper writing through a pointer, called with an address.
void mat2_apply(const double *m, const double *v, double *out) {
  out[0] = m[0] * v[0] + m[1] * v[1];
  out[1] = m[2] * v[0] + m[3] * v[1];
}
double quad(const double *m, const double *v) {
  double w[2];
  mat2_apply(m, v, w);
  return v[0] * w[0] + v[1] * w[1];
}

// Observations left out by wrt (data): no tangent, no size needed.
double misfit(const double *a, const double *obs, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    const double d = a[0] * std::exp(a[1] * 0.1 * i) - obs[i];
    s += d * d;
  }
  return s;
}

constexpr auto pr = tangent::options{.wrt = tangent::wrt_params(0, 4)};
constexpr auto first = tangent::options{.wrt = tangent::wrt_params(0)};

// --- finite differences ----------------------------------------------------

template <class F> double central(const F &along, double h = 1e-5) {
  return (8 * (along(h) - along(-h)) - (along(2 * h) - along(-2 * h))) /
         (12 * h);
}

/// J[i][j] = d eval(x)[i] / d x[j] by central differences.
std::vector<std::vector<double>>
fd_jacobian(const std::vector<double> &x,
            const std::function<std::vector<double>(std::vector<double>)> &f) {
  const std::size_t m = f(x).size();
  std::vector<std::vector<double>> J(m, std::vector<double>(x.size()));
  for (std::size_t j = 0; j < x.size(); ++j)
    for (std::size_t i = 0; i < m; ++i)
      J[i][j] = central([&](double h) {
        auto y = x;
        y[j] += h;
        return f(y)[i];
      });
  return J;
}

int main() {
  // residuals: 12 outputs, 3 inputs (p; what r holds at the call is not
  // an input), so forward columns; a void f's rows are over its inputs.
  {
    std::vector<double> t, y;
    for (int i = 0; i < 12; ++i) {
      t.push_back(0.25 * i);
      y.push_back(2.0 * std::exp(-0.7 * 0.25 * i) + 0.3 + 0.01 * (i % 3));
    }
    std::vector<double> p{1.5, 0.5, 0.1}, r(12, -7.0);
    auto rows = tangent::jacobian<residuals, pr>()(
        std::span<const double>(p), t.data(), y.data(), 12, std::span(r));
    check_true("residuals: 12 rows", rows.size() == 12);
    auto fd = fd_jacobian(p, [&](std::vector<double> q) {
      std::vector<double> out(12);
      residuals(q.data(), t.data(), y.data(), 12, out.data());
      return out;
    });
    check_near("residuals: jacobian (spans, columns) = FD", rows, fd);
    std::vector<double> plain(12);
    residuals(p.data(), t.data(), y.data(), 12, plain.data());
    check_near("residuals: the call leaves f's results in r", r, plain,
               tight_tol);
    // jvp of a void f: its inputs' tangents in, its outputs' out.
    std::vector<double> dir{0.3, -1.0, 0.5};
    auto tr = tangent::jvp<residuals, pr>()(
        std::span<const double>(p), t.data(), y.data(), 12, std::span(r), dir);
    std::vector<double> expect(12, 0.0);
    for (std::size_t i = 0; i < 12; ++i)
      for (std::size_t j = 0; j < 3; ++j)
        expect[i] += fd[i][j] * dir[j];
    check_near("residuals: jvp = J dir", tr, expect);
    // pushforward: raw tangent pointers, the output's tangent written.
    std::vector<double> tout(12, 0.0);
    tangent::jvp<residuals, pr>().pushforward(
        p.data(), t.data(), y.data(), 12, r.data(), dir.data(), tout.data());
    check_near("residuals: pushforward = jvp", tout, tr, tight_tol);
  }
  // energy: gradient, jvp, hvp and Hessian through a std::span.
  {
    std::vector<double> x{0.3, -0.2, 0.8, 1.1, -0.5};
    const std::span<const double> xs(x);
    const int n = 5;
    auto g = tangent::grad<energy>()(xs, n);
    std::vector<double> fd(5);
    for (std::size_t j = 0; j < 5; ++j)
      fd[j] = central([&](double h) {
        auto q = x;
        q[j] += h;
        return energy(q.data(), n);
      });
    check_near("energy: grad(span) = FD", g, fd);
    auto [value, g2] = tangent::grad<energy>().value_and_grad(xs, n);
    check_true("energy: value_and_grad(span) value",
               value == energy(x.data(), n));
    check_near("energy: value_and_grad(span) gradient", g2, g, tight_tol);
    std::vector<double> v{1.0, 0.5, -0.25, 0.0, 2.0};
    double dir = 0;
    for (std::size_t j = 0; j < 5; ++j)
      dir += fd[j] * v[j];
    check_near("energy: jvp(span, vector) = g . v",
               tangent::jvp<energy>()(xs, n, v), dir);
    check_near("energy: jvp(span, span)",
               tangent::jvp<energy>()(xs, n, std::span<const double>(v)), dir);
    double c_array[5] = {1.0, 0.5, -0.25, 0.0, 2.0};
    check_near("energy: jvp(span, C array)",
               tangent::jvp<energy>()(xs, n, c_array), dir);
    check_near("energy: pushforward(raw) = jvp",
               tangent::jvp<energy>().pushforward(x.data(), n, v.data()),
               tangent::jvp<energy>()(xs, n, v), tight_tol);
    auto H = tangent::hessian<energy>()(xs, n);
    auto Hfd = fd_jacobian(x, [&](std::vector<double> q) {
      std::vector<double> gq(5, 0.0);
      tangent::grad<energy>().pullback(q.data(), n, gq.data());
      return gq;
    });
    check_near("energy: hessian(span) = FD of the gradient", H, Hfd);
    auto hv = tangent::hvp<energy>()(xs, n, v);
    std::vector<double> Hv(5, 0.0);
    for (std::size_t i = 0; i < 5; ++i)
      for (std::size_t j = 0; j < 5; ++j)
        Hv[i] += H[i][j] * v[j];
    check_near("energy: hvp(span) = H v", hv, Hv, tight_tol);
    // pullback with sized arguments and adjoints.
    std::vector<double> acc(5, 1.0);
    tangent::grad<energy>().pullback(xs, n, acc, 2.0);
    std::vector<double> expect(5);
    for (std::size_t j = 0; j < 5; ++j)
      expect[j] = 1.0 + 2.0 * fd[j];
    check_near("energy: pullback(span, vector adjoint, seed)", acc, expect);
  }
  // polar: two output pointers; the Jacobian's rows are r then theta.
  {
    std::vector<double> xy{0.6, -1.3};
    double r = 0, th = 0;
    constexpr auto all = tangent::options{};
    auto rows = tangent::jacobian<polar, all>()(std::span(xy),
                                                std::span<double, 1>(&r, 1),
                                                std::span<double, 1>(&th, 1));
    auto fd = fd_jacobian(xy, [&](std::vector<double> q) {
      double a, b;
      polar(q.data(), &a, &b);
      return std::vector<double>{a, b};
    });
    check_near("polar: two outputs, rows = FD", rows, fd);
    auto [tr, tth] = tangent::jvp<polar, all>()(
        std::span(xy), std::span<double, 1>(&r, 1),
        std::span<double, 1>(&th, 1), std::vector<double>{1.0, 0.0});
    check_near("polar: jvp gives one tangent per output",
               std::vector<double>{tr[0], tth[0]},
               std::vector<double>{fd[0][0], fd[1][0]});
  }
  // step: J = d u_new / d u_old by forward columns (as many inputs as
  // outputs).
  {
    const std::vector<double> u0{0.1, 0.4, -0.3, 0.2, 0.05, -0.1};
    std::vector<double> u(6, 0.0);
    constexpr auto state = tangent::options{.wrt = tangent::wrt_params(0, 1)};
    auto rows = tangent::jacobian<step, state>()(std::span<const double>(u0),
                                                 std::span(u), 6, 0.05);
    auto fd = fd_jacobian(u0, [&](std::vector<double> q) {
      std::vector<double> next(6);
      step(q.data(), next.data(), 6, 0.05);
      return next;
    });
    check_near("step: d u_new / d u_old = FD", rows, fd);
    std::vector<double> once(6);
    step(u0.data(), once.data(), 6, 0.05);
    check_near("step: the call leaves one step in u", u, once, tight_tol);
  }
  // moments: a std::vector result of a pointer input, reverse rows (vjp).
  {
    std::vector<double> x{0.5, -1.0, 2.0, 0.25};
    auto rows = tangent::jacobian<moments>()(std::span<const double>(x), 4);
    auto fd = fd_jacobian(
        x, [&](std::vector<double> q) { return moments(q.data(), 4); });
    check_near("moments: jacobian(span) = FD", rows, fd);
    std::vector<double> w{1.0, -2.0, 0.5};
    auto uj = tangent::vjp<moments>()(std::span<const double>(x), 4, w);
    std::vector<double> expect(4, 0.0);
    for (std::size_t i = 0; i < 3; ++i)
      for (std::size_t j = 0; j < 4; ++j)
        expect[j] += w[i] * fd[i][j];
    check_near("moments: vjp(span) = w^T J", uj, expect);
  }
  // quad: an address given to a writing callee, in forward mode and hvp.
  {
    double m[4] = {2.0, 0.5, -0.3, 1.5}, v[2] = {0.7, -0.4};
    auto [gm, gv] = tangent::grad<quad>()(m, v);
    double tm[4] = {0.1, 0.2, 0.3, 0.4}, tv[2] = {1.0, -1.0};
    double dir = 0;
    for (int j = 0; j < 4; ++j)
      dir += gm[std::size_t(j)] * tm[j];
    for (int j = 0; j < 2; ++j)
      dir += gv[std::size_t(j)] * tv[j];
    check_near("quad: jvp(C arrays) = g . t",
               tangent::jvp<quad>()(m, v, tm, tv), dir);
    std::vector<double> flat{2.0, 0.5, -0.3, 1.5, 0.7, -0.4};
    auto fd = fd_jacobian(flat, [&](std::vector<double> q) {
      double gq[6] = {0, 0, 0, 0, 0, 0};
      tangent::grad<quad>().pullback(q.data(), q.data() + 4, gq, gq + 4);
      return std::vector<double>(gq, gq + 6);
    });
    auto [hm, hv] = tangent::hvp<quad>()(m, v, tm, tv);
    std::vector<double> expect(6, 0.0);
    const double t6[6] = {0.1, 0.2, 0.3, 0.4, 1.0, -1.0};
    for (std::size_t i = 0; i < 6; ++i)
      for (std::size_t j = 0; j < 6; ++j)
        expect[i] += fd[i][j] * t6[j];
    check_near("quad: hvp(C arrays) = FD of the gradient", std::tuple{hm, hv},
               expect);
  }
  // misfit: observations left out by wrt get no tangent and need no size.
  {
    std::vector<double> obs;
    for (int i = 0; i < 8; ++i)
      obs.push_back(1.5 * std::exp(0.3 * 0.1 * i) + 0.01 * (i % 2));
    std::vector<double> a{1.4, 0.35};
    auto g = tangent::grad<misfit, first>()(std::span<const double>(a),
                                            obs.data(), 8);
    std::vector<double> fd(2);
    for (std::size_t j = 0; j < 2; ++j)
      fd[j] = central([&](double h) {
        auto q = a;
        q[j] += h;
        return misfit(q.data(), obs.data(), 8);
      });
    check_near("misfit: grad with data left out", g, fd);
    check_near("misfit: jvp with data left out",
               tangent::jvp<misfit, first>()(std::span<const double>(a),
                                             obs.data(), 8,
                                             std::vector<double>{1.0, 0.0}),
               fd[0]);
    auto H = tangent::hessian<misfit, first>()(std::span<const double>(a),
                                               obs.data(), 8);
    auto Hfd = fd_jacobian(a, [&](std::vector<double> q) {
      return tangent::grad<misfit, first>()(std::span<const double>(q),
                                            obs.data(), 8);
    });
    check_near("misfit: hessian with data left out", H, Hfd);
  }
  return tangent_test::summary();
}
