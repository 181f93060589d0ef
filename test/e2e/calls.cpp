// End-to-end: calls to user functions with bodies, differentiated
// recursively. Chains of calls, a callee called several times, a callee
// returning std::vector<double>, callees with std::vector<double>& and
// double& output parameters, a callee inside a loop, callees in namespaces,
// static and template callees.
#include "check.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

double sq_h(double x) { return x * x; }

double mul_h(double a, double b) { return a * b + 0.5 * a; }

// A chain of calls; each callee is called several times.
double chain(double x) {
  return sq_h(mul_h(x, 3.0) + 1.0) + sq_h(x) * mul_h(x, x);
}

// A callee returning a vector.
std::vector<double> make_features(double x, int n) {
  std::vector<double> f(n);
  for (int i = 0; i < n; ++i)
    f[i] = std::pow(x, i) / (i + 1);
  return f;
}

double use_features(double x, double y) {
  std::vector<double> f = make_features(x, 5);
  std::vector<double> g = make_features(y, 5);
  double s = 0.0;
  for (int i = 0; i < 5; ++i)
    s += f[i] * g[i];
  return s;
}

// A callee writing into a std::vector<double>& output parameter.
void fill_scaled(const std::vector<double> &in, double s,
                 std::vector<double> &out) {
  for (std::size_t i = 0; i < in.size(); ++i)
    out[i] = in[i] * s + std::sin(in[i]);
}

double use_output(const std::vector<double> &v, double s) {
  std::vector<double> o(v.size(), 0.0);
  fill_scaled(v, s, o);
  double r = 0.0;
  for (std::size_t i = 0; i < o.size(); ++i)
    r += o[i] * o[i];
  return r;
}

// A callee accumulating into a double& output parameter.
void accumulate_sq(double x, double &acc) { acc += x * x; }

double use_ref(double x, double y) {
  double acc = x;
  accumulate_sq(y, acc);
  accumulate_sq(x * y, acc);
  return acc * x;
}

// A callee called inside a loop, carrying state across iterations.
double step(double s, double x) { return std::tanh(0.8 * s + x); }

double call_in_loop(const std::vector<double> &xs) {
  double s = 0.0;
  for (std::size_t i = 0; i < xs.size(); ++i)
    s = step(s, xs[i]);
  return s * s + s;
}

namespace util {
double smooth_abs(double x) { return std::sqrt(x * x + 1e-2); }
namespace detail {
static double shifted(double x) { return smooth_abs(x - 0.5) * 2.0; }
} // namespace detail
} // namespace util

double use_namespaces(double x, double y) {
  return util::smooth_abs(x - y) + util::detail::shifted(x * y);
}

template <class T> T lerp_t(T a, T b, T t) { return a + t * (b - a); }

double use_template(double a, double b) {
  return lerp_t(a, b, 0.3) * lerp_t<double>(b, a, a);
}

// Vector arguments passed on by const reference.
double dotp(const std::vector<double> &a, const std::vector<double> &b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}

double energy(const std::vector<double> &x) {
  std::vector<double> ones(x.size(), 1.0);
  return dotp(x, x) + dotp(x, ones) * dotp(ones, x);
}

// Three levels deep.
double level3(double x) { return sq_h(x) + 1.0; }
double level2(double x) { return level3(x) * level3(2.0 * x); }
double level1(double x) { return std::log(level2(x)); }

int main() {
  using namespace tangent_test;

  check("chain", tangent::grad<chain>(), 0.7);
  check_value_and_grad("chain/value_and_grad", tangent::grad<chain>(), -1.1);
  {
    // mul_h alone: d/da = b + 0.5, d/db = a.
    auto [da, db] = tangent::grad<mul_h>()(2.0, 3.0);
    check_near("mul_h/analytic", std::tuple{da, db}, std::tuple{3.5, 2.0});
  }
  check("use_features", tangent::grad<use_features>(), 0.8, -1.2);
  check("use_output", tangent::grad<use_output>(),
        std::vector<double>{0.4, -0.9, 1.3}, 1.7);
  check("use_ref", tangent::grad<use_ref>(), 1.2, -0.6);
  {
    // acc = x + y^2 + x^2 y^2, result acc * x:
    // d/dx = acc + x (1 + 2 x y^2), d/dy = x (2y + 2 x^2 y).
    auto [dx, dy] = tangent::grad<use_ref>()(1.0, 2.0);
    check_near("use_ref/analytic", std::tuple{dx, dy}, std::tuple{18.0, 8.0});
  }
  check("call_in_loop", tangent::grad<call_in_loop>(),
        std::vector<double>{0.3, -0.2, 0.5, 0.1, -0.4, 0.25});
  check_pullback("call_in_loop/pullback", tangent::grad<call_in_loop>(), 2.0,
                 std::vector<double>{0.3, -0.2, 0.5});
  check("use_namespaces", tangent::grad<use_namespaces>(), 1.3, 0.4);
  check("use_template", tangent::grad<use_template>(), 0.9, -0.7);
  check("energy", tangent::grad<energy>(),
        std::vector<double>{0.5, 1.5, -2.0, 0.25});
  {
    // d/dx_i = 2 x_i + 2 sum(x).
    auto g = tangent::grad<energy>()(std::vector<double>{1.0, 2.0, 3.0});
    check_near("energy/analytic", g, std::vector<double>{14.0, 16.0, 18.0});
  }
  check("level1", tangent::grad<level1>(), 0.6);

  return summary();
}
