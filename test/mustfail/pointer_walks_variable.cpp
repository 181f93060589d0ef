// Must fail: stepping a pointer to a variable (it points at one number,
// not into an array).
#include <tangent/grad.hpp>

double f(double x) {
#ifdef TANGENT_FIXED
  double a[2] = {x * x, 0.0};
  const double *p = a;
#else
  double a = x * x;
  const double *p = &a;
#endif
  double s = *p;
  ++p; // TANGENT-ERROR: 'p' points at a variable or a row: only a view into a named array, vector or pointer walks
  return s;
}

double use(double x) { return tangent::grad<f>()(x); }
