// Must fail: memset of doubles to a value other than 0 (its bytes would
// not be a number tangent could differentiate).
#include <tangent/grad.hpp>

#include <algorithm>
#include <cstring>

double f(const double *x, int n) {
  double buf[4];
#ifdef TANGENT_FIXED
  std::fill(buf, buf + 4, 1.0);
#else
  std::memset(buf, 1, sizeof(buf)); // TANGENT-ERROR: std::memset is supported with the value 0
#endif
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += buf[i % 4] * x[i];
  return s;
}

double use(const double *x, double *dx) {
  return tangent::grad<f>().pullback(x, 3, dx);
}
