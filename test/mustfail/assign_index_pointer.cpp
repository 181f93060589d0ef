// Must fail: assigning to a pointer to integers (an index array chosen at
// run time).
#include <tangent/grad.hpp>

double f(const double *x, const int *i, const int *j, int n) {
#ifdef TANGENT_FIXED
  int k = i[0];
  if (n > 1)
    k = j[0];
  return x[k] * x[j[0]];
#else
  if (n > 1)
    i = j; // TANGENT-ERROR: assigning to a pointer is not supported
  return x[i[0]] * x[j[0]];
#endif
}

double use(const double *x, const int *i, double *dx) {
  return tangent::grad<f, tangent::options{.wrt = tangent::wrt_params(0)}>()
      .pullback(x, i, i, 2, dx);
}
