// Must fail: a vector of objects holding pointers.
#include <tangent/grad.hpp>

#include <vector>

struct View {
  const double *p;
  int n;
};

double f(const double *x, int n) {
#ifdef TANGENT_FIXED
  View v0{x, n}, v1{x, n};
  v0.n = n;
#else
  std::vector<View> vs(2); // TANGENT-ERROR: hold a pointer
  vs[0].n = n;
#endif
  return x[0];
}

double use(const double *x, double *dx) {
  return tangent::grad<f>().pullback(x, 3, dx);
}
