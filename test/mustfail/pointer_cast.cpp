// Must fail: an explicit cast to a type other than a number.
#include <tangent/grad.hpp>

double f(const double *p, int n) {
#ifdef TANGENT_FIXED
  const float q = (float)p[0];
#else
  const float *q = (const float *)p; // TANGENT-ERROR: cast to 'const float *' is not supported
#endif
  return p[0] * n;
}

double use(const double *p, double *dp) { return tangent::grad<f>().pullback(p, 2, dp); }
