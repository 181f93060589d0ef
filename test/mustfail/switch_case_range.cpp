// Must fail: a GNU case range.
#include <tangent/grad.hpp>

double f(double x, int k) {
  double y = x;
  switch (k) {
#ifdef TANGENT_FIXED
  case 1:
  case 2:
  case 3:
#else
  case 1 ... 3: // TANGENT-ERROR: case ranges are not supported
#endif
    y = x * x;
    break;
  default:
    break;
  }
  return y;
}

double use(double x) { return tangent::grad<f>()(x, 1); }
