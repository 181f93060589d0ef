// Must fail: free inside an expression rather than as a statement.
#include <tangent/grad.hpp>

#include <cstdlib>

double f(const double *x, int n) {
  double *a = static_cast<double *>(malloc(n * sizeof(double)));
  double *b = static_cast<double *>(malloc(n * sizeof(double)));
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    a[i] = x[i] * x[i];
    b[i] = a[i] + 1.0;
    s += a[i] * b[i];
  }
#ifndef TANGENT_FIXED
  n > 2 ? free(a) : free(b); // TANGENT-ERROR: freeing an array is supported as a statement of its own
#else
  free(a);
#endif
  free(b);
  return s;
}

double use(double *x, double *dx) { return tangent::grad<f>().pullback(x, 3, dx); }
