// Must fail: TANGENT_CHECKPOINT(N) takes a positive integer literal, as the
// attribute does.
#include <tangent/tangent.hpp>

double f(double x) {
  double s = x;
  TANGENT_CHECKPOINT(-3) while (s < 10) // TANGENT-ERROR: positive integer literal
    s = s * 1.5 + x;
  return s;
}

double use(double x) { return tangent::grad<f>()(x); }
