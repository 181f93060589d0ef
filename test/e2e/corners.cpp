// Corner cases a user's code meets: integer exponents, literal arguments to
// callees, strided loops, uninitialized C arrays, parameters modified in
// place, returns from branches, mixed float/double, unused parameters,
// recursion, static constant tables, const references to parameters.
#include "check.hpp"

#include <array>
#include <cmath>
#include <vector>

double powers(double x, double y) {
  return std::pow(x, 3) + std::pow(2.0, y) + std::pow(x, y);
}

double scaled(double a, int k) { return a * k + std::sin(a); }
double literal_args(double x) {
  return scaled(2.0 * x, 3) + scaled(1.5, 2) * x;
}

double strided(const std::vector<double> &v) {
  double s = 0;
  for (std::size_t i = 0; i < v.size(); i += 2)
    s += v[i] * v[i];
  for (int i = static_cast<int>(v.size()) - 1; i >= 0; i -= 3)
    s += std::cos(v[i]);
  return s;
}

double carray(double x, double y) {
  double a[3];
  a[0] = x;
  a[1] = x * y;
  a[2] = a[0] + a[1];
  double s = 0;
  for (int i = 0; i < 3; ++i)
    s += a[i] * a[i];
  return s;
}

double in_place(double x, double y) {
  x *= 2;
  y -= x;
  x /= 1 + y * y;
  return x * y;
}

double branch_return(double x) {
  if (x > 0)
    return x * x;
  else
    return -x;
}

double mixed(float a, double b) {
  float c = a * a;
  return c * b + a;
}

double unused(double x, double y) {
  (void)y;
  return 3 * x;
}

double rec_pow(double x, int n) { return n == 0 ? 1.0 : x * rec_pow(x, n - 1); }
double use_rec(double x) { return rec_pow(x, 5); }

double table(const std::vector<double> &x) {
  static const double w[4] = {0.1, 0.2, 0.3, 0.4};
  const auto &y = x;
  double s = 0;
  for (int i = 0; i < 4; ++i)
    s += w[i] * std::exp(y[i]);
  return s;
}

double ternary_loop(const std::vector<double> &x) {
  double s = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    s += x[i] > 0 ? x[i] * x[i] : std::sin(x[i]);
  return s;
}

double self_call_vec(const std::vector<double> &x) {
  std::vector<double> v = x;
  for (int t = 0; t < 3; ++t)
    for (std::size_t i = 0; i < v.size(); ++i)
      v[i] = std::tanh(v[i] + 0.1 * t);
  double s = 0;
  for (double e : v)
    s += e;
  return s;
}

double only_in_template(double x) { return x * x * x; }

// User functions named like the generator's locals, called from a
// checkpointed loop.
double advance(double y, double x) { return 0.9 * y + 0.1 * std::sin(x + y); }
double L(double y) { return y * 1.01; }
double named_like_generated(double x, int n) {
  double y = x;
  [[tangent::checkpoint]] for (int k = 0; k < n; ++k)
    y = L(advance(y, x));
  double reverse = y;
  [[tangent::checkpoint(2)]] while (reverse < 10.0)
    reverse = reverse * 1.5 + x;
  return reverse;
}

// A pointer parameter written, then read back.
double scatter(const double *x, double *out, int n) {
  double y = 0.1;
  [[tangent::checkpoint]] for (int i = 0; i < n; ++i) {
    y = 0.5 * y + std::sin(x[i]);
    out[i] = y * y;
  }
  double r = 0.0;
  for (int i = 0; i < n; ++i)
    r += out[i] * (1.0 + i);
  return r;
}
double scatter_value(std::vector<double> x) {
  std::vector<double> out(x.size());
  return scatter(x.data(), out.data(), static_cast<int>(x.size()));
}

/// A request inside a function template, as a test helper would make it:
/// it exists only once the template is instantiated.
template <auto F, class... A> double first_component(A... args) {
  auto g = tangent::grad<F>()(args...);
  if constexpr (sizeof...(A) == 1)
    return g;
  else
    return std::get<0>(g);
}

using namespace tangent_test;

int main() {
  check("powers", tangent::grad<powers>(), 1.3, 0.7);
  check("literal_args", tangent::grad<literal_args>(), 0.4);
  check("strided", tangent::grad<strided>(),
        std::vector<double>{0.3, -0.2, 0.5, 0.1, -0.4, 0.25, 0.6});
  check("carray", tangent::grad<carray>(), 0.8, -1.3);
  check("in_place", tangent::grad<in_place>(), 0.9, 0.4);
  check("branch_return/pos", tangent::grad<branch_return>(), 1.4);
  check("branch_return/neg", tangent::grad<branch_return>(), -0.6);
  check("mixed", float_tol, tangent::grad<mixed>(), 0.7f, 1.2);
  check("unused", tangent::grad<unused>(), 0.5, 2.0);
  check("use_rec", tangent::grad<use_rec>(), 1.1);
  check("table", tangent::grad<table>(),
        std::vector<double>{0.1, 0.2, -0.3, 0.4});
  check("ternary_loop", tangent::grad<ternary_loop>(),
        std::vector<double>{0.5, -0.7, 1.2, -0.1});
  check("self_call_vec", tangent::grad<self_call_vec>(),
        std::vector<double>{0.2, -0.5, 0.9});
  check_near("template_request/powers", first_component<powers>(1.3, 0.7),
             std::get<0>(tangent::grad<powers>()(1.3, 0.7)));
  check_near("template_request/only_there",
             first_component<only_in_template>(1.5), 3 * 1.5 * 1.5);
  check("named_like_generated", tangent::grad<named_like_generated>(), 0.7, 30);
  {
    std::vector<double> x{0.1, 0.2, 0.3, 0.4}, out(4), dx(4, 0.0), dout(4, 0.0);
    tangent::grad<scatter>().pullback(x.data(), out.data(), 4, dx.data(),
                                      dout.data());
    // d/dx_k of scatter by central differences (scatter is plain C++ here).
    std::vector<double> fd(4);
    for (int k = 0; k < 4; ++k) {
      std::vector<double> xp = x, xm = x;
      xp[k] += 1e-6;
      xm[k] -= 1e-6;
      fd[k] = (scatter_value(xp) - scatter_value(xm)) / 2e-6;
    }
    check_near("scatter/pullback", dx, fd, tolerance{1e-6, 1e-6});
  }
  return summary();
}
