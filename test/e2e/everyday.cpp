// End-to-end: everyday C++ that tangent accepts beyond its first release
// (issue "Real C++"): the comma operator where its value is dropped (a for
// loop's increment and init, a statement), std::clamp, brace
// initialisation, std::max / std::min with a comparator and of braced
// lists (`std::max({a, b, c})`), a declaration in
// an if's init-statement, INFINITY and
// HUGE_VAL, std::swap and the swap member of vectors and arrays, std::fill,
// std::copy, std::accumulate, std::inner_product and *std::max_element /
// *std::min_element over whole containers.
// Each gradient is checked against finite differences.
#include "check.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <numeric>
#include <utility>
#include <vector>

// Two counters stepped by one increment: a loop of general form.
double two_counters(double x, int n) {
  double s = 0;
  for (int i = 0, j = n; i < j; ++i, --j)
    s += x * std::sin(x * i) + x * x * j;
  return s;
}

// A comma in a for init made of expressions, and as a statement.
double comma_statements(double x, double y) {
  double a, b;
  int i;
  for (a = x, i = 0; i < 4; i++)
    a = 0.5 * a + y;
  b = a * x, a = b + y;
  return a * b;
}

// The element counter of a vector loop stepped with a second one.
double paired_indices(const std::vector<double> &v, double w) {
  double s = 0;
  std::size_t k = v.size();
  for (std::size_t i = 0; i < v.size(); ++i, --k)
    s += w * v[i] * v[k - 1];
  return s;
}

// std::max and std::min of braced lists: the first largest (smallest).
double extremes_of_lists(double a, double b, double c) {
  return std::max({a, b * b, c}) +
         std::min({a, b, 2.0 * c, a * c}) * std::max({a});
}

double clamped(double x, double lo) {
  return std::clamp(x * x, lo, 2.0) + std::clamp(x, -1.0, 1.0) * lo;
}

// std::max / std::min with a comparator: lambdas (also generic, capturing),
// a functor, std::less and std::greater.
struct ByAbs {
  bool operator()(double a, double b) const {
    return std::fabs(a) < std::fabs(b);
  }
};
double compared(double x, double y) {
  double scale = 2.0;
  double a = std::max(x, y, [](double u, double v) { return u * u < v * v; });
  double b = std::min(x * y, y, ByAbs{});
  double c = std::max(x, 0.5, [&](auto u, auto v) { return scale * u < v; });
  double d = std::min(x, y, std::greater<double>());
  double e = std::max(y, x, std::less<>{});
  return a * b + c + d * e;
}

double braced(double x, double y) {
  double s{x + y};
  std::array<double, 3> b{};
  b[1] = s * x;
  double t{b[1] * y};
  return t + b[0];
}

double if_init(double x) {
  if (double t = x * x; t > 1.0)
    return t * x;
  return std::sin(x);
}

double infinities(double x) {
  double lo = -INFINITY;
  double r = x > lo ? x * x : 0.0;
  return r < HUGE_VAL ? r + x : 0.0;
}

// --- swap ------------------------------------------------------------------
// The buffer swap of a stencil code: no copy, nothing recorded for it.
double heat(const std::vector<double> &u0, double k, int steps) {
  std::vector<double> u(u0), v(u0.size());
  const std::size_t n = u0.size();
  for (int t = 0; t < steps; ++t) {
    for (std::size_t i = 1; i < n - 1; ++i)
      v[i] = u[i] + k * (u[i - 1] - 2 * u[i] + u[i + 1]);
    v[0] = u[0];
    v[n - 1] = u[n - 1] * std::cos(k);
    std::swap(u, v);
  }
  double s = 0;
  for (double x : u)
    s += x * x;
  return s;
}

// The member spelling, with a parameter taken by value, in a while loop.
double member_swap(std::vector<double> u, double k) {
  std::vector<double> w(u.size(), k);
  int t = 0;
  while (t < 5 && u[0] < 10) {
    for (std::size_t i = 0; i < u.size(); ++i)
      w[i] = std::sin(u[i]) + k * w[i];
    u.swap(w);
    ++t;
  }
  return u[0] * w[1] + u[u.size() - 1];
}

// Scalars, elements (through a temporary) and std::array.
double scalar_swap(double x, double y) {
  double a = x, b = y * y;
  for (int i = 0; i < 3; ++i) {
    a = a * b;
    std::swap(a, b);
  }
  return a + 2 * b;
}
double element_swap(std::vector<double> v, double x) {
  for (std::size_t i = 0; i + 1 < v.size(); ++i) {
    if (v[i] > v[i + 1])
      std::swap(v[i], v[i + 1]);
    v[i] *= x;
  }
  std::swap(x, v[0]);
  return v[0] * x + v[v.size() - 1];
}
double array_swap(double x) {
  std::array<double, 3> a{x, 2 * x, 3}, b{};
  b[0] = x * x;
  a.swap(b);
  std::swap(a, b);
  a.swap(b);
  return a[0] + b[1] * x;
}

// In a callee, swapping an output parameter with a local.
void relax(std::vector<double> &u, double k) {
  std::vector<double> next(u.size());
  for (std::size_t i = 0; i < u.size(); ++i)
    next[i] = 0.5 * u[i] + k * u[(i + 1) % u.size()];
  std::swap(u, next);
}
double relaxed(const std::vector<double> &u0, double k) {
  std::vector<double> u(u0);
  for (int t = 0; t < 4; ++t)
    relax(u, k);
  return u[0] * u[1] + u[2];
}

// --- algorithms over whole containers ---------------------------------------
double algorithms(const std::vector<double> &v, double x) {
  std::vector<double> w(v.size());
  std::fill(w.begin(), w.end(), x * x);
  std::vector<double> c(v.size());
  std::copy(v.begin(), v.end(), c.begin());
  c[0] *= x;
  double s = std::accumulate(c.begin(), c.end(), 0.0);
  return s * std::inner_product(w.begin(), w.end(), c.begin(), 1.0) +
         std::accumulate(std::begin(v), std::end(v), x);
}
double array_algorithms(double x) {
  std::array<double, 3> a{};
  std::fill(a.begin(), a.end(), x);
  a[1] = 2 * x;
  return std::inner_product(a.cbegin(), a.cend(), a.cbegin(), 0.0);
}
// The largest and smallest values (vector iterators: operator*; array
// iterators: pointers).
double extremes(const std::vector<double> &v, double x) {
  std::vector<double> w(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    w[i] = std::sin(v[i] * x);
  return *std::max_element(w.begin(), w.end()) * x -
         *std::min_element(v.begin(), v.end());
}
double array_extreme(double x) {
  std::array<double, 3> a{x, x * x, 0.5};
  return *std::max_element(a.begin(), a.end());
}
// The sum as a loop condition, and in a loop (recomputed per iteration).
double sum_in_loop(std::vector<double> v, double x) {
  int n = 0;
  while (std::accumulate(v.begin(), v.end(), 0.0) < 10 && n < 20) {
    for (std::size_t i = 0; i < v.size(); ++i)
      v[i] = v[i] + x * std::cos(v[i]);
    ++n;
  }
  return std::accumulate(v.begin(), v.end(), 0.0) * x;
}

using namespace tangent_test;

// References to elements: each an alias of the element it was bound to,
// also when the index changes afterwards.
double element_references(std::vector<double> v, double s) {
  double &first = v[0];
  first = first * s;
  for (std::size_t i = 1; i < v.size(); ++i) {
    double &e = v.at(i);
    e += v[i - 1] * s;
  }
  std::size_t k = 1;
  double &second = v[k];
  k = 2;
  second = second * v[k];
  return v[0] * v[1] + v[2];
}

int main() {
  for (int n : {0, 1, 4, 7})
    check("comma/two_counters", tangent::grad<two_counters>(), 0.3, n);
  check("comma/statements", tangent::grad<comma_statements>(), 0.7, 0.2);
  check("comma/paired_indices", tangent::grad<paired_indices>(),
        std::vector<double>{0.5, -1.0, 2.0, 0.25}, 1.5);
  for (double x : {0.4, 1.7, -1.6})
    check("clamp", tangent::grad<clamped>(), x, 0.3);
  for (double b : {0.9, 0.3, -1.2})
    check("extremes_of_lists", tangent::grad<extremes_of_lists>(), 0.5, b, 0.7);
  for (double x : {0.3, -0.9, 1.4})
    check("minmax_comparator", tangent::grad<compared>(), x, -0.6);
  check("brace_init", tangent::grad<braced>(), 0.6, -0.4);
  for (double x : {0.5, 1.5})
    check("if_init", tangent::grad<if_init>(), x);
  check("infinity_macros", tangent::grad<infinities>(), 0.8);

  const std::vector<double> u0{0.1, 0.5, 0.9, 0.3, 0.2};
  for (int steps : {0, 1, 6})
    check("swap/heat", tangent::grad<heat>(), u0, 0.2, steps);
  check("swap/member", tangent::grad<member_swap>(), u0, 0.3);
  check("swap/scalars", tangent::grad<scalar_swap>(), 0.7, 1.1);
  check("swap/elements", tangent::grad<element_swap>(),
        std::vector<double>{0.3, 0.1, 0.7, 0.2}, 0.6);
  check("swap/array", tangent::grad<array_swap>(), 0.4);
  check("swap/callee_output", tangent::grad<relaxed>(), u0, 0.3);

  check("algorithms/vector", tangent::grad<algorithms>(),
        std::vector<double>{0.3, -0.2, 0.8}, 0.7);
  check("algorithms/array", tangent::grad<array_algorithms>(), 0.4);
  check("algorithms/extremes", tangent::grad<extremes>(),
        std::vector<double>{0.3, 1.2, -0.4, 0.9}, 0.7);
  for (double x : {1.3, 0.8, 0.2})
    check("algorithms/array_extreme", tangent::grad<array_extreme>(), x);
  check("algorithms/in_loop", tangent::grad<sum_in_loop>(),
        std::vector<double>{0.3, -0.2, 0.8}, 0.45);
  check("references/elements", tangent::grad<element_references>(),
        std::vector<double>{0.4, -0.3, 0.8}, 1.3);
  return summary();
}
