// Must fail: a C array decaying to a pointer other than as the argument of
// a pointer parameter (a pointer local).
#include <tangent/grad.hpp>

double f(double x) {
  double a[2] = {x, 2.0 * x};
  const double *p = a; // TANGENT-ERROR: pointer arithmetic is not supported (an array decays to a pointer here)
  return p[0] * x;
}

double use(double x) { return tangent::grad<f>()(x); }
