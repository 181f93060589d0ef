// End-to-end: everyday C++ that tangent accepts beyond its first release
// (issue "Real C++"): the comma operator where its value is dropped (a for
// loop's increment and init, a statement), std::clamp, brace
// initialisation, a declaration in an if's init-statement, INFINITY and
// HUGE_VAL. Each gradient is checked against finite differences.
#include "check.hpp"

#include <algorithm>
#include <array>
#include <cmath>
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

double clamped(double x, double lo) {
  return std::clamp(x * x, lo, 2.0) + std::clamp(x, -1.0, 1.0) * lo;
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

using namespace tangent_test;

int main() {
  for (int n : {0, 1, 4, 7})
    check("comma/two_counters", tangent::grad<two_counters>(), 0.3, n);
  check("comma/statements", tangent::grad<comma_statements>(), 0.7, 0.2);
  check("comma/paired_indices", tangent::grad<paired_indices>(),
        std::vector<double>{0.5, -1.0, 2.0, 0.25}, 1.5);
  for (double x : {0.4, 1.7, -1.6})
    check("clamp", tangent::grad<clamped>(), x, 0.3);
  check("brace_init", tangent::grad<braced>(), 0.6, -0.4);
  for (double x : {0.5, 1.5})
    check("if_init", tangent::grad<if_init>(), x);
  check("infinity_macros", tangent::grad<infinities>(), 0.8);
  return summary();
}
