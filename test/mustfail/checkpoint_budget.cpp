// Must fail: [[tangent::checkpoint(N)]] takes a positive integer literal.
#include <tangent/grad.hpp>

double f(double x) {
  double s = x;
#ifdef TANGENT_FIXED
  [[tangent::checkpoint(3)]] while (s < 10)
#else
  [[tangent::checkpoint(-3)]] while (s < 10) // TANGENT-ERROR: positive integer literal
#endif
    s = s * 1.5 + x;
  return s;
}

double use(double x) { return tangent::grad<f>()(x); }
