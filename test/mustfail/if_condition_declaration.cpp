// Must fail: a variable declared in an if condition.
#include <tangent/grad.hpp>

double f(double x) {
  if (double d = x - 1.0) // TANGENT-ERROR: a declaration in an 'if' condition is not supported
    return d * d;
  return x;
}

double use(double x) { return tangent::grad<f>()(x); }
