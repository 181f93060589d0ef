// Must fail: a pointer local that is not a view initialized to an address
// (here it points at one of two variables, chosen at run time).
#include <tangent/grad.hpp>

double f(double x, bool c) {
  double a = x, b = 2 * x;
#ifdef TANGENT_FIXED
  const double p = c ? a : b;
  return p;
#else
  const double *p = c ? &a : &b; // TANGENT-ERROR: a pointer local is supported as a view initialized to an address
  return *p;
#endif
}

double use(double x) { return tangent::grad<f>()(x, true); }
