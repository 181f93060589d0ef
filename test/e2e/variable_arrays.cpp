// End-to-end: variable-length arrays of numbers as locals (`double a[n]`,
// the compiler extension C-style code uses for scratch space sized at run
// time, LULESH's per-thread minima): each a std::vector of the generated
// code sized where it is declared; written, read, given to helpers as
// pointers, declared again in each iteration of a loop.
#include "check.hpp"

#include <cmath>

#pragma clang diagnostic ignored "-Wvla-cxx-extension"

static double weighted(const double *w, const double *v, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += w[i] * v[i];
  return s;
}

// Scratch arrays sized by a parameter, one of integers.
double smooth(const double *x, int n) {
  double y[n];
  int order[n];
  for (int i = 0; i < n; ++i) {
    y[i] = std::sin(x[i]) + 0.5 * x[(i + 1) % n];
    order[i] = n - 1 - i;
  }
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += y[order[i]] * x[i];
  return s + weighted(y, x, n);
}

// Declared in a loop body: a fresh array per iteration, its size changing.
double widening(const double *x, int n) {
  double total = 0.0;
  for (int k = 1; k <= n; ++k) {
    double part[k];
    for (int i = 0; i < k; ++i)
      part[i] = x[i] * x[k - 1 - i];
    total += weighted(part, x, k) / k;
  }
  return total;
}

int main() {
  using tangent_test::check_pullback;
  const int n = 6;
  double x[n];
  for (int i = 0; i < n; ++i)
    x[i] = 0.4 + 0.3 * std::cos(1.7 * i);
  check_pullback("smooth", tangent::grad<smooth>(), 1.0, x, n);
  check_pullback("widening", tangent::grad<widening>(), 1.0, x, n);
  return tangent_test::summary();
}
