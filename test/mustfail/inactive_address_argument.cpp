// Must fail: an address into a pointer that is not differentiated (w, left
// out by wrt) given to a callee with a pointer parameter: its reverse needs
// an adjoint array, whose extent is unknown here.
#include <tangent/grad.hpp>

double dot2(const double *a, const double *b) {
  return a[0] * b[0] + a[1] * b[1];
}

double f(const double *x, const double *w, int n) {
  return dot2(x, &w[n]); // TANGENT-ERROR: passing an address into 'w', which carries no derivative, to 'dot2' is not supported
}

double use(const double *x, const double *w, double *dx) {
  return tangent::grad<f, tangent::options{.wrt = tangent::wrt_params(0)}>().pullback(x, w, 1, dx);
}
