// Must fail: a case label nested inside another statement of the switch
// (Duff's device).
#include <tangent/grad.hpp>

double f(double x, int k) {
  double y = x;
  switch (k) {
#ifdef TANGENT_FIXED
  case 0:
    if (x > 0)
      y = x * x;
    break;
  case 1:
    y = x * x;
    break;
#else
  case 0:
    if (x > 0) {
    case 1: // TANGENT-ERROR: a case label inside another statement of a case
      y = x * x;
    }
    break;
#endif
  default:
    break;
  }
  return y;
}

double use(double x) { return tangent::grad<f>()(x, 1); }
