// Must fail: pointer arithmetic on a pointer to integers (only pointers to
// floating point walk).
#include <tangent/grad.hpp>

double f(const double *x, const int *idx, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
#ifdef TANGENT_FIXED
    s += x[idx[i]] * x[idx[i]];
#else
    s += x[*idx] * x[*idx];
    ++idx; // TANGENT-ERROR: pointer arithmetic is not supported
#endif
  }
  return s;
}

double use(const double *x, const int *idx, double *dx) {
  return tangent::grad<f, tangent::options{.wrt = tangent::wrt_params(0)}>()
      .pullback(x, idx, 2, dx);
}
