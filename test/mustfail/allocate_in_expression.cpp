// Must fail: an allocation assigned inside an expression.
#include <tangent/grad.hpp>

#include <cstdlib>

double f(const double *x, int n) {
  double *p;
  double s = 0.0;
#ifndef TANGENT_FIXED
  if ((p = static_cast<double *>(malloc(n * sizeof(double))))) // TANGENT-ERROR: allocating an array is supported as a statement of its own
    s = 1.0;
#else
  p = static_cast<double *>(malloc(n * sizeof(double)));
  s = 1.0;
#endif
  for (int i = 0; i < n; ++i)
    p[i] = x[i] * x[i];
  s *= p[0] + p[n - 1];
  free(p);
  return s;
}

double use(double *x, double *dx) { return tangent::grad<f>().pullback(x, 3, dx); }
