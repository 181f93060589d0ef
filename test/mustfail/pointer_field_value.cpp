// Must fail: a pointer field set to something other than an address into
// a named array, vector or pointer.
#include <tangent/grad.hpp>

struct View {
  const double *p;
  int n;
};

double f(const double *x, const double *y, int n) {
#ifdef TANGENT_FIXED
  View vx{x, n}, vy{y, n};
  return n > 2 ? vx.p[0] : vy.p[0];
#else
  View v{n > 2 ? x : y, n}; // TANGENT-ERROR: a pointer field is set to an address into a named array, vector or pointer
  return v.p[0];
#endif
}

double use(const double *x, const double *y, double *dx, double *dy) {
  return tangent::grad<f>().pullback(x, y, 3, dx, dy);
}
