// End-to-end: std::vector and std::array parameters (by value and by const&)
// and locals, C arrays with initializers, element access ([] and .at()),
// .size(), compound assignment on scalars and elements, whole-vector
// assignment, range-for by value and by reference (writing through it).
#include "check.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

double dot(const std::vector<double> &a, const std::vector<double> &b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}

// By value: the function modifies its own copy.
double by_value(std::vector<double> v) {
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] *= v[i];
  v[0] += 1.0;
  v.at(1) -= v.at(2);
  return v.at(0) * v[1] + v[v.size() - 1];
}

double array_cref(const std::array<double, 3> &a) {
  std::array<double, 3> w{1.0, -2.0, 0.5};
  double s = 0.0;
  for (int i = 0; i < 3; ++i)
    s += w[i] * a[i] * a[i];
  return s + a[0] * a[2];
}

double array_value(std::array<double, 4> a) {
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] /= (i + 1.0);
  a[3] *= a[0];
  a[1] -= a[2];
  return a[0] + a[1] * a[3] + a.at(2);
}

// The vector constructors: size, size + fill value, copy.
double constructors(const std::vector<double> &x) {
  std::vector<double> t(x.size());
  std::vector<double> u(x.size(), 2.0);
  std::vector<double> c(x);
  std::vector<double> d = x;
  for (std::size_t i = 0; i < x.size(); ++i) {
    t[i] = x[i] * u[i];
    c[i] += t[i] * d[i];
  }
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i)
    s += c[i] * u[i] - t[i];
  return s;
}

double c_array(double x, double y) {
  double c[4] = {x, y, x * y, 1.0};
  double w[] = {0.5, -1.0, 2.0, 3.0};
  for (int i = 0; i < 4; ++i)
    c[i] *= w[i];
  c[0] += c[1];
  c[2] -= c[3] * x;
  c[3] /= y;
  double s = 0.0;
  for (double e : c)
    s += e * e;
  return s;
}

double range_for(const std::vector<double> &v) {
  double s = 0.0;
  for (double e : v)
    s += e * e;
  double p = 1.0;
  for (const double &e : v)
    p *= 1.0 + 0.1 * e;
  double q = 0.0;
  for (auto e : v)
    q += std::sin(e);
  return s + p + q;
}

// Range-for by reference writing through the reference: vector, std::array
// and C array.
double range_write(std::vector<double> v, std::array<double, 3> a) {
  for (double &e : v)
    e = std::sin(e) * 2.0;
  for (auto &e : a)
    e *= e;
  double c[3] = {a[0], a[1], a[2]};
  for (double &e : c)
    e += 1.0;
  double s = 0.0;
  for (const auto &e : v)
    s += e;
  for (double e : c)
    s += e * v[0];
  return s;
}

// Whole-vector assignment copies: later writes to w do not reach v.
double assign_whole(const std::vector<double> &a, double s) {
  std::vector<double> w(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    w[i] = a[i] * s;
  std::vector<double> v(a.size(), 1.0);
  v = w;
  v[0] += s * s;
  w[1] = 0.0;
  double r = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i)
    r += v[i] * v[i] + w[i];
  return r;
}

double compound(double x, double y) {
  double a = x;
  a += y;
  a -= 0.5 * x;
  a *= y;
  a /= 1.0 + x * x;
  double b = 2.0;
  b *= a;
  b += a * a;
  b -= x / 4.0;
  return b;
}

// The API's example signature: gradient tuple<double, std::vector<double>>.
double mixed(double x, const std::vector<double> &w, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += w[i] * std::pow(x, i);
  return s;
}

float vector_float(const std::vector<float> &v) {
  float s = 0.0f;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += v[i] * v[i] * (i + 1.0f);
  return std::sqrt(s);
}

// std::array local copied from a parameter, then overwritten.
double array_copy(const std::array<double, 4> &a) {
  std::array<double, 4> b = a;
  b[0] = b[1] * b[2];
  b[3] = b[3] - b[0];
  double s = 0.0;
  for (double e : b)
    s += e * e;
  return s;
}

int main() {
  using namespace tangent_test;

  const std::vector<double> a{0.5, -1.25, 2.0, 0.75};
  const std::vector<double> b{1.5, 0.25, -0.5, 3.0};
  check("dot", tangent::grad<dot>(), a, b);
  {
    auto [ga, gb] = tangent::grad<dot>()(a, b);
    check_near("dot/analytic", std::tuple{ga, gb}, std::tuple{b, a});
  }
  check_pullback("dot/pullback", tangent::grad<dot>(), -2.0, a, b);
  check("by_value", tangent::grad<by_value>(), a);
  {
    // The caller's vector is untouched by a by-value parameter.
    std::vector<double> v = a;
    (void)tangent::grad<by_value>()(v);
    check_true("by_value/argument_unchanged", v == a);
  }
  check("array_cref", tangent::grad<array_cref>(),
        std::array<double, 3>{0.8, -1.1, 1.9});
  static_assert(std::is_same_v<decltype(tangent::grad<array_cref>()(
                                   std::array<double, 3>{})),
                               std::array<double, 3>>);
  check_value_and_grad("array_value/value_and_grad",
                       tangent::grad<array_value>(),
                       std::array<double, 4>{1.2, -0.4, 2.2, 0.9});
  check("constructors", tangent::grad<constructors>(), a);
  check("c_array", tangent::grad<c_array>(), 0.9, -1.3);
  check("range_for", tangent::grad<range_for>(), b);
  check("range_write", tangent::grad<range_write>(), a,
        std::array<double, 3>{0.3, -0.6, 1.1});
  check("assign_whole", tangent::grad<assign_whole>(), a, 1.4);
  check("compound", tangent::grad<compound>(), 0.7, -1.6);
  check_pullback("compound/pullback", tangent::grad<compound>(), 3.0, 1.1, 0.4);
  check("mixed", tangent::grad<mixed>(), 0.5, std::vector<double>{1, 2, 3}, 3);
  {
    // d/dx = w1 + 2 w2 x = 5, d/dw = (1, x, x^2).
    auto [dx, dw] =
        tangent::grad<mixed>()(0.5, std::vector<double>{1, 2, 3}, 3);
    check_near("mixed/analytic", std::tuple{dx, dw},
               std::tuple{5.0, std::vector<double>{1.0, 0.5, 0.25}});
  }
  check("vector_float", tangent::grad<vector_float>(),
        std::vector<float>{0.5f, -1.5f, 2.0f});
  check("array_copy", tangent::grad<array_copy>(),
        std::array<double, 4>{0.4, 1.3, -0.8, 2.1});

  return summary();
}
