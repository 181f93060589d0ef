// Must fail: [[tangent::checkpoint(N)]] takes a positive integer literal.
#include <tangent/grad.hpp>

double f(double x) {
  double s = x;
  [[tangent::checkpoint(-3)]] while (s < 10) // TANGENT-ERROR: positive integer literal
    s = s * 1.5 + x;
  return s;
}

double use(double x) { return tangent::grad<f>()(x); }
