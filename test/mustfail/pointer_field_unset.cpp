// Must fail: reading through a pointer field before it is set.
#include <tangent/grad.hpp>

struct View {
  const double *p;
  int n;
};

double f(const double *x, int n) {
#ifdef TANGENT_FIXED
  View v{x, n};
  double a = v.p[0];
#else
  View v{};
  v.n = n;
  double a = v.p[0]; // TANGENT-ERROR: the pointer field 'v.p' is read before it is set
  v.p = x;
#endif
  return a * v.p[1];
}

double use(const double *x, double *dx) {
  return tangent::grad<f>().pullback(x, 3, dx);
}
