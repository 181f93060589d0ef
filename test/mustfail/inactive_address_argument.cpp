// Must fail: an address into a pointer that carries no derivative (w, left
// out by wrt) given to a callee that is also specialised for arguments that
// share storage (y twice): no variant is both.
#include <tangent/grad.hpp>

void mix(double &a, double &b, const double *w) {
  a += w[0] * b;
  b *= w[1];
}

double f(const double *x, const double *w) {
  double y = x[0];
  mix(y, y, &w[1]); // TANGENT-ERROR: passing an address into 'w', which carries no derivative, to 'mix' is not supported
  return y;
}

double use(const double *x, const double *w, double *dx) {
#ifdef TANGENT_FIXED
  double dw[3] = {0.0, 0.0, 0.0};
  return tangent::grad<f, tangent::options{.wrt = tangent::wrt_params(0, 1)}>()
      .pullback(x, w, dx, dw);
#else
  return tangent::grad<f, tangent::options{.wrt = tangent::wrt_params(0)}>()
      .pullback(x, w, dx);
#endif
}
