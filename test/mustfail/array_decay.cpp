// Must fail: a C array passed where a pointer is expected (the array
// decays to a pointer).
#include <tangent/grad.hpp>

double first(const double *p) { return p[0]; }

double f(double x) {
  double a[2] = {x, 2.0 * x};
  return first(a) * x; // TANGENT-ERROR: pointer arithmetic is not supported (an array decays to a pointer here)
}

double use(double x) { return tangent::grad<f>()(x); }
