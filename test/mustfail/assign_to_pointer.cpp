// Must fail: assigning to a pointer.
#include <tangent/grad.hpp>

double f(const double *p, const double *q, int n) {
  if (n > 1)
    p = q; // TANGENT-ERROR: assigning to a pointer is not supported
  return p[0] * q[0];
}

double use(const double *p, double *dp, double *dq) {
  return tangent::grad<f>().pullback(p, p, 2, dp, dq);
}
