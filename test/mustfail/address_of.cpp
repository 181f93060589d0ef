// Must fail: taking an address other than as the argument of a
// floating-point pointer parameter or to initialize a view.
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
int touch(const double *p) { return p != nullptr; }
#else
int touch(const void *p) { return p != nullptr; }
#endif

double f(double x) {
  double y = x * x;
  if (touch(&y) > 0) // TANGENT-ERROR: taking an address is supported only as the argument of a floating-point pointer parameter
    y = y * 2.0;
  return y;
}

double use(double x) { return tangent::grad<f>()(x); }
