// Must fail: a pointer field of the function's own object set twice (a
// view is set once, where its object is built).
#include <tangent/grad.hpp>

struct View {
  const double *p;
  int n;
};

double sum(const View &v) {
  double s = 0.0;
  for (int i = 0; i < v.n; ++i)
    s += v.p[i];
  return s;
}

double f(const double *x, int n) {
  View v{x, n};
  double a = sum(v);
#ifdef TANGENT_FIXED
  View w{x + 1, n};
  return a * sum(w);
#else
  v.p = x + 1; // TANGENT-ERROR: the pointer field 'v.p' is set twice
  return a * sum(v);
#endif
}

double use(const double *x, double *dx) {
  return tangent::grad<f>().pullback(x, 3, dx);
}
