// Must fail: a variable declared in a while condition.
#include <tangent/grad.hpp>

double f(double x) {
  double y = x;
  while (double d = y - 1.0) { // TANGENT-ERROR: a declaration in a loop condition is not supported
    y = 0.5 * d;
    if (y < 0.1)
      break;
  }
  return y;
}

double use(double x) { return tangent::grad<f>()(x); }
