// Must fail: a pointer parameter reassigned to another parameter's
// storage (a pointer walks its own storage only).
#include <tangent/grad.hpp>

double f(const double *p, const double *q, int n) {
  if (n > 1)
    p = q; // TANGENT-ERROR: the pointer parameter 'p' is reassigned only to addresses into its own storage
  return p[0] * q[0];
}

double use(const double *p, double *dp, double *dq) {
  return tangent::grad<f>().pullback(p, p, 2, dp, dq);
}
