// Must fail: a statement after a case's break, before the next label.
#include <tangent/grad.hpp>

double f(double x, int k) {
  double y = x;
  switch (k) {
  case 1:
    y = x * x;
    break;
#ifndef TANGENT_FIXED
    y = 3.0; // TANGENT-ERROR: an unreachable statement in a switch is not supported
#endif
  default:
    break;
  }
  return y;
}

double use(double x) { return tangent::grad<f>()(x, 1); }
