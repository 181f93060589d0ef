// Must fail: a pointer that owns its array, reassigned to other storage.
#include <tangent/grad.hpp>

double f(const double *x, int n) {
  double *p = new double[n];
  for (int i = 0; i < n; ++i)
    p[i] = x[i] * x[i];
  double s = p[0];
  delete[] p;
#ifdef TANGENT_FIXED
  double *q = new double[n];
  q[0] = s;
  s += q[0];
  delete[] q;
#else
  double other[3] = {0.0, 0.0, 0.0};
  p = other; // TANGENT-ERROR: 'p' owns the array it points at
  p[0] = s;
  s += p[0];
#endif
  return s;
}

double use(const double *x, double *dx) {
  return tangent::grad<f>().pullback(x, 3, dx);
}
