// Must fail: arithmetic on a type tangent cannot represent (a GNU complex
// number).
#include <tangent/grad.hpp>

double f(double x) {
#ifdef TANGENT_FIXED
  double y = (x == 0.0) ? 1.0 : x;
#else
  double y = (x * 2.0i == 0.0) ? 1.0 : x; // TANGENT-ERROR: operands of type '_Complex double' are not supported
#endif
  return y * x;
}

double use(double x) { return tangent::grad<f>()(x); }
