// Must fail: an allocation assigned to a pointer that was initialized to
// something else (a pointer owns one kind of storage).
#include <tangent/grad.hpp>

#include <cstdlib>

double f(const double *x, int n) {
  double local[4] = {0.0, 0.0, 0.0, 0.0};
  double *p = local;
  for (int i = 0; i < 4; ++i)
    p[i] = x[i % n] * 2.0;
  double s = p[0] * p[3];
#ifndef TANGENT_FIXED
  p = static_cast<double *>(malloc(n * sizeof(double))); // TANGENT-ERROR: allocating into 'p' is supported for a pointer local declared without an initializer
  for (int i = 0; i < n; ++i)
    p[i] = x[i] * s;
  s += p[n - 1];
  free(p);
#else
  double *q = static_cast<double *>(malloc(n * sizeof(double)));
  for (int i = 0; i < n; ++i)
    q[i] = x[i] * s;
  s += q[n - 1];
  free(q);
#endif
  return s;
}

double use(double *x, double *dx) { return tangent::grad<f>().pullback(x, 3, dx); }
