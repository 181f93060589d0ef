// Must fail: forward mode through a custom derivative given an address
// (`x.data()`): the pullback would write partial derivatives of an extent
// only the call knows, and forward mode collects one scalar per argument.
#include <tangent/tangent.hpp>

#include <vector>

namespace vendor {
#ifdef TANGENT_FIXED
inline double dot(int n, const double *x, const double *y) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}
#else
double dot(int n, const double *x, const double *y);
#endif
} // namespace vendor

#ifndef TANGENT_FIXED
namespace tangent::custom::vendor {
inline void dot_pullback(int n, const double *x, const double *y, double *d_x,
                         double *d_y, double d_result) {
  for (int i = 0; i < n; ++i) {
    d_x[i] += d_result * y[i];
    d_y[i] += d_result * x[i];
  }
}
} // namespace tangent::custom::vendor
#endif

double f(const std::vector<double> &x, const std::vector<double> &y) {
  return vendor::dot(int(x.size()), x.data(), y.data()); // TANGENT-ERROR: forward mode can use the custom derivative of 'vendor::dot' only with floating-point and std::vector arguments
}

double use(const std::vector<double> &x, const std::vector<double> &dx) {
  return tangent::jvp<f>()(x, x, dx, dx);
}
