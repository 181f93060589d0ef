// Must fail: incrementing a const double* parameter, p++.
#include <tangent/grad.hpp>

double f(const double *p, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    s += p[0] * p[0];
    p++; // TANGENT-ERROR: pointer arithmetic
  }
  return s;
}

double use(const double *p, int n, double *dp) {
  return tangent::grad<f>().pullback(p, n, dp);
}
