// Must fail: a pointer parameter reassigned to another parameter's
// storage (a pointer walks its own storage only).
#include <tangent/grad.hpp>

double f(const double *p, const double *q, int n) {
#ifdef TANGENT_FIXED
  const double *r = p;
  if (n > 1)
    r = q;
  double r0 = 0.0;
  r0 = r[0];
  return r0 * q[0];
#else
  if (n > 1)
    p = q; // TANGENT-ERROR: the pointer parameter 'p' is reassigned only to addresses into its own storage
  return p[0] * q[0];
#endif
}

double use(const double *p, double *dp, double *dq) {
  return tangent::grad<f>().pullback(p, p, 2, dp, dq);
}
