// Library calls kept for their effects in a differentiated function:
// assert (its failure calls __assert_fail), exit and abort on error paths,
// printf / fprintf(stderr) / puts with literals and numbers. The forward
// sweep makes them as written; they carry no derivative.
#include "check.hpp"

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <vector>

double asserted(const std::vector<double> &x) {
  assert(x.size() >= 2);
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    assert(x[i] == x[i] && "not a number");
    s += x[i] * x[i];
  }
  return s;
}

// An error path that ends the program, never taken here.
double checked_ratio(double a, double b) {
  if (b == 0.0) {
    std::fprintf(stderr, "checked_ratio: b is zero (a = %g)\n", a);
    std::exit(2);
  }
  if (a != a)
    std::abort();
  return a / b * a;
}

// Printing inside a loop (to stderr, every fourth step), values read.
double logged_steps(double x, int n) {
  double y = x;
  for (int k = 0; k < n; ++k) {
    y = y * 0.9 + 0.1 * x * x;
    if (k % 4 == 3)
      std::fprintf(stderr, "step %d: y = %.3f\n", k, y);
  }
  std::fputs("logged_steps done\n", stderr);
  return y;
}

// In a callee, with printf to stdout behind a flag that is off.
double noisy_square(double v, bool verbose) {
  if (verbose)
    std::printf("noisy_square(%g)\n", v);
  return v * v;
}
double through_noisy(double x) {
  return noisy_square(x, false) + noisy_square(2.0 * x, false) * x;
}

using namespace tangent_test;

int main() {
  const std::vector<double> x{0.3, -1.2, 0.8};
  check("asserted", tangent::grad<asserted>(), x);
  check("checked_ratio", tangent::grad<checked_ratio>(), 0.7, 1.9);
  check("logged_steps", tangent::grad<logged_steps>(), 0.6, 9);
  check("through_noisy", tangent::grad<through_noisy>(), 0.45);
  return summary();
}
