// Must fail: the value of a comma operator (as a statement or a for loop's
// increment, `a, b` is accepted: test/e2e/everyday.cpp).
#include <tangent/grad.hpp>

double f(double x) {
  double y = (x += 1.0, x * x); // TANGENT-ERROR: the value of a comma operator is not supported
  return y;
}

double use(double x) { return tangent::grad<f>()(x); }
