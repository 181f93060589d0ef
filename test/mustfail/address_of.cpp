// Must fail: taking the address of a variable.
#include <tangent/grad.hpp>

void twice(double *p) { *p = 2.0 * *p; }

double f(double x) {
  double y = x * x;
  twice(&y); // TANGENT-ERROR: taking an address is not supported
  return y;
}

double use(double x) { return tangent::grad<f>()(x); }
