// Must fail: an owned array tested against null, when a function of yours
// that frees it may have set it to null.
#include <tangent/grad.hpp>

#include <cstdlib>

template <typename T> void Release(T **p) {
  if (*p != NULL) {
    free(*p);
    *p = NULL;
  }
}

double f(double a, double b) {
  double *p = static_cast<double *>(malloc(2 * sizeof(double)));
  p[0] = a;
  p[1] = b;
  double s = p[0] * p[1];
  Release(&p);
#ifndef TANGENT_FIXED
  if (p != NULL) // TANGENT-ERROR: 'p' owns its array and is freed by a function of yours that may set it to null
    s += 1.0;
#else
  const bool released = true;
  if (!released)
    s += 1.0;
#endif
  return s;
}

double use(double a, double b) { return std::get<0>(tangent::grad<f>()(a, b)); }
