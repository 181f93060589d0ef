// Must fail: setting a pointer field of an object the function was given
// (a view is set where its object is built).
#include <tangent/grad.hpp>

struct View {
  const double *p;
  int n;
};

double first(View &v, const double *x) {
#ifdef TANGENT_FIXED
  const View w{x, v.n};
  return w.p[0];
#else
  v.p = x; // TANGENT-ERROR: assigning to a pointer is not supported (a pointer field of an object of this function is set once
  return v.p[0];
#endif
}

double f(const double *x, int n) {
  View v{x + 1, n};
  return first(v, x);
}

double use(const double *x, double *dx) {
  return tangent::grad<f>().pullback(x, 3, dx);
}
