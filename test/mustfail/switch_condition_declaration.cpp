// Must fail: a variable declared in a switch condition.
#include <tangent/grad.hpp>

double f(double x, int k) {
  switch (int j = k + 1) { // TANGENT-ERROR: a declaration in a switch condition is not supported
  case 1:
    return x * j;
  default:
    return x * x;
  }
}

double use(double x) { return tangent::grad<f>()(x, 1); }
