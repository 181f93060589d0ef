// Must fail: a C array decaying to a pointer other than as the argument of
// a pointer parameter or a view's initializer (here inside a choice made at
// run time).
#include <tangent/grad.hpp>

double first(const double *p) { return p[0]; }

double f(double x, bool c) {
  double a[2] = {x, 2.0 * x};
  double b[2] = {3.0 * x, x};
#ifdef TANGENT_FIXED
  return (c ? first(a) : first(b)) * x;
#else
  return first(c ? a : b) * x; // TANGENT-ERROR: pointer arithmetic is not supported (an array decays to a pointer here)
#endif
}

double use(double x) { return tangent::grad<f>()(x, true); }
