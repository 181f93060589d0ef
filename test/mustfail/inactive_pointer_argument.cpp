// Must fail: passing a pointer that is not differentiated (w, left out by
// wrt) to a callee with a pointer parameter.
#include <tangent/grad.hpp>

double dot(const double *a, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

double f(const double *x, const double *w, int n) {
  return dot(x, w, n); // TANGENT-ERROR: passing a pointer that carries no derivative to 'dot' is not supported
}

double use(const double *x, const double *w, double *dx) {
  return tangent::grad<f, tangent::options{.wrt = tangent::wrt_params(0)}>().pullback(x, w, 2, dx);
}
