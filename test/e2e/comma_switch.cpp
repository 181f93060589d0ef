// End-to-end (issue 28): the value of the comma operator, in initializers,
// returns, branches of ?:, loop conditions and after a call that writes its
// argument; a switch whose body is one statement, and declarations (and a
// statement never executed) before the first case label.
#include "check.hpp"

#include <cmath>

double scaled_sin(double &v) {
  v = v * 1.5;
  return std::sin(v);
}

double commas(double x, double y) {
  double a = (x = x * 2, x + y);
  double b = 0;
  for (int i = 0, j = 3; i < j; ++i, --j)
    b += a * y;
  double c = y > 0 ? (b *= 2, b + x) : (b = 1, b);
  int n = 0;
  while (n++, n < 4)
    c += std::cos(c) * x;
  double d = (scaled_sin(y), y * x);
  const bool ok = x > 0 && (c += 1, c > 0);
  return (b += 1, b * x) + c + d + (ok ? 1.0 : 0.0);
}

double switches(double x, int k) {
  double r = x;
  switch (k) {
    double t;
    r = 5; // never executed (a warning says so)
  case 0:
    t = x * x;
    r = t;
    break;
  case 1:
    t = std::exp(0.3 * x);
    r = t * x;
    break;
  default:
    r = x;
  }
  switch (k)
  case 1:
    r *= x;
  switch (k)
    r = 0; // never executed
  return r;
}

int main() {
  using namespace tangent_test;
  for (double x : {0.5, -0.7})
    check("comma_values", tangent::grad<commas>(), x, 0.8);
  check("comma_negative_y", tangent::grad<commas>(), 0.4, -1.3);
  for (int k = 0; k < 3; ++k)
    check("switch_shapes", tangent::grad<switches>(), 1.7, k);
  return summary();
}
