// Must fail: memcpy of doubles with a byte count that is not a number of
// elements times sizeof(double).
#include <tangent/grad.hpp>

#include <cstring>

double f(const double *x, int n) {
  double buf[4] = {0.0, 0.0, 0.0, 0.0};
#ifdef TANGENT_FIXED
  std::memcpy(buf, x, 3 * sizeof(double));
#else
  std::memcpy(buf, x, 3 * n); // TANGENT-ERROR: std::memcpy is supported on floating-point arrays with a size of `n * sizeof(double)` bytes
#endif
  return buf[0] * buf[1];
}

double use(const double *x, double *dx) {
  return tangent::grad<f>().pullback(x, 4, dx);
}
