// Must fail: pointer arithmetic on a const double* parameter, *(p + 1).
#include <tangent/grad.hpp>

double f(const double *p, int n) {
  double s = p[0] * p[0];
  if (n > 1)
    s += *(p + 1) * 2.0; // TANGENT-ERROR: pointer arithmetic
  return s;
}

double use(const double *p, int n, double *dp) {
  return tangent::grad<f>().pullback(p, n, dp);
}
