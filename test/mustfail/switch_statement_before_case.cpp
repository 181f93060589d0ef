// Must fail: a statement before the first case label of a switch (it never
// runs).
#include <tangent/grad.hpp>

double f(double x, int k) {
  double y = x;
  switch (k) {
    y = 2.0; // TANGENT-ERROR: a statement before the first case label is not supported
  case 1:
    y = x * x;
    break;
  default:
    break;
  }
  return y;
}

double use(double x) { return tangent::grad<f>()(x, 1); }
