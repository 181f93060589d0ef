// Must fail: stepping a pointer to a variable (it points at one number,
// not into an array).
#include <tangent/grad.hpp>

double f(double x) {
  double a = x * x;
  const double *p = &a;
  double s = *p;
  ++p; // TANGENT-ERROR: 'p' points at a variable or a row: only a view into a named array, vector or pointer walks
  return s;
}

double use(double x) { return tangent::grad<f>()(x); }
