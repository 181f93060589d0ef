// Must fail: TANGENT_CHECKPOINT(N) takes a positive integer literal, as the
// attribute does.
#include <tangent/tangent.hpp>

double f(double x) {
  double s = x;
#ifdef TANGENT_FIXED
  TANGENT_CHECKPOINT(3) while (s < 10)
#else
  TANGENT_CHECKPOINT(-3) while (s < 10) // TANGENT-ERROR: positive integer literal
#endif
    s = s * 1.5 + x;
  return s;
}

double use(double x) { return tangent::grad<f>()(x); }
