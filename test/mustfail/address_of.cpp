// Must fail: taking an address other than as the argument of a pointer
// parameter (a pointer local: pointers as values are not supported yet).
#include <tangent/grad.hpp>

double f(double x) {
  double y = x * x;
  const double *p = &y; // TANGENT-ERROR: taking an address is supported only as the argument of a pointer parameter
  return *p;
}

double use(double x) { return tangent::grad<f>()(x); }
