// New user, program 7: function templates.
//
// Small generic helpers (`template <class T> T sq(T)`, a generic dot
// product, a clamp-free softplus), a templated model and loss requested as
// `tangent::grad<loss<double>>()` (and for float), a template with a
// non-type parameter (`horner<N>`), and a template taking a callable (a
// Simpson rule given a lambda). Checked against central finite differences
// (test/e2e/check.hpp).
#include "../e2e/check.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

template <class T> T sq(T x) { return x * x; }

template <class T> T dot(const std::vector<T> &a, const std::vector<T> &b) {
  T s = T(0);
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}

template <class T> T softplus(T x) { return std::log(T(1) + std::exp(x)); }

template <class T>
T predict(const std::vector<T> &w, T bias, const std::vector<T> &x) {
  return softplus(dot(w, x) + bias);
}

// Squared error plus ridge penalty, over a few examples stored row-major.
template <class T>
T loss(const std::vector<T> &w, T bias, const std::vector<T> &xs,
       const std::vector<T> &ys, T ridge) {
  const std::size_t d = w.size();
  T total = T(0);
  for (std::size_t n = 0; n < ys.size(); ++n) {
    std::vector<T> x(xs.begin() + n * d, xs.begin() + (n + 1) * d);
    total += sq(predict(w, bias, x) - ys[n]);
  }
  return total / T(ys.size()) + ridge * dot(w, w);
}

// A polynomial of fixed degree by Horner's rule.
template <int N> double horner(const std::array<double, N> &c, double x) {
  double r = c[N - 1];
  for (int i = N - 2; i >= 0; --i)
    r = r * x + c[i];
  return r;
}

// Simpson's rule on [a, b] with n (even) intervals.
template <class F> double simpson(F f, double a, double b, int n) {
  const double h = (b - a) / n;
  double s = f(a) + f(b);
  for (int i = 1; i < n; ++i)
    s += (i % 2 == 1 ? 4.0 : 2.0) * f(a + i * h);
  return s * h / 3.0;
}

// The integral of exp(-k t^2) sin(w t) over [0, T].
double damped_integral(double k, double w, double T) {
  return simpson(
      [&](double t) { return std::exp(-k * sq(t)) * std::sin(w * t); }, 0.0, T,
      64);
}

int main() {
  using namespace tangent_test;
  std::vector<double> w{0.3, -0.2, 0.5};
  std::vector<double> xs{1.0, 0.5, -0.3, 0.2, -1.0, 0.8, -0.4, 0.3, 0.9};
  std::vector<double> ys{0.7, 0.2, 1.1};

  auto dl = tangent::grad<loss<double>>();
  check("loss<double>/grad", dl, w, 0.1, xs, ys, 0.01);
  check_value_and_grad("loss<double>/value_and_grad", dl, w, 0.1, xs, ys, 0.01);
  check_pullback("loss<double>/pullback", dl, 0.5, w, 0.1, xs, ys, 0.01);
  auto dwb =
      tangent::grad<loss<double>,
                    tangent::options{.wrt = tangent::wrt_params(0, 1)}>();
  check("loss<double>/grad wrt w, bias", dwb, w, 0.1, xs, ys, 0.01);

  // The same template for float.
  std::vector<float> wf{0.3f, -0.2f, 0.5f};
  std::vector<float> xsf(xs.begin(), xs.end()), ysf(ys.begin(), ys.end());
  check("loss<float>/grad", tangent::grad<loss<float>>(), wf, 0.1f, xsf, ysf,
        0.01f);

  // The helpers requested directly.
  check("sq<double>/grad", tangent::grad<sq<double>>(), 1.7);
  check("softplus<double>/grad", tangent::grad<softplus<double>>(), -0.4);
  check("dot<double>/grad", tangent::grad<dot<double>>(), w,
        std::vector<double>{1.5, 2.0, -1.0});

  auto dh = tangent::grad<horner<5>>();
  check("horner<5>/grad", dh, std::array<double, 5>{1.0, -2.0, 0.5, 3.0, -1.0},
        0.7);
  {
    // d/dc_i = x^i, d/dx = the derivative polynomial.
    auto [dc, dx] = dh(std::array<double, 5>{1.0, -2.0, 0.5, 3.0, -1.0}, 0.7);
    const double x = 0.7;
    check_near(
        "horner<5>/analytic", std::tuple{dc, dx},
        std::tuple{
            std::array<double, 5>{1.0, x, x * x, x * x * x, x * x * x * x},
            -2.0 + 2 * 0.5 * x + 3 * 3.0 * x * x - 4 * 1.0 * x * x * x},
        tight_tol);
  }

  check("damped_integral/grad", tangent::grad<damped_integral>(), 0.8, 3.0,
        2.0);
  return summary();
}
