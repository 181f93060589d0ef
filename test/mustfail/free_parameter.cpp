// Must fail: a wrapper that frees (Release(&p)) given a pointer the function
// did not allocate.
#include <tangent/grad.hpp>

#include <cstdlib>

template <typename T> void Release(T **p) {
  if (*p != NULL) {
    free(*p);
    *p = NULL;
  }
}

double f(double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
#ifndef TANGENT_FIXED
  Release(&x); // TANGENT-ERROR: freeing is supported for an array this function allocated into a pointer local
#endif
  return s;
}

double use(double *x, double *dx) { return tangent::grad<f>().pullback(x, 3, dx); }
