// Must fail: forward mode through a custom derivative of a void function
// writing through a pointer (forward mode takes partial derivatives from a
// pullback only for functions returning a floating-point value without
// output parameters).
#include <tangent/tangent.hpp>

#include <vector>

namespace vendor {
#ifdef TANGENT_FIXED
inline void saxpy(int n, double a, const double *x, double *y) {
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}
#else
void saxpy(int n, double a, const double *x, double *y); // y[i] += a*x[i]
#endif
} // namespace vendor

#ifndef TANGENT_FIXED
namespace tangent::custom::vendor {
inline void saxpy_pullback(int n, double a, const double *x, double *y,
                           double *d_a, double *d_x, double *d_y) {
  (void)y;
  for (int i = 0; i < n; ++i) {
    *d_a += d_y[i] * x[i];
    d_x[i] += a * d_y[i];
  }
}
} // namespace tangent::custom::vendor
#endif

double f(double a, const std::vector<double> &x) {
  std::vector<double> y(x.size(), 1.0);
  vendor::saxpy(int(x.size()), a, x.data(), y.data()); // TANGENT-ERROR: forward mode can use the custom derivative of 'vendor::saxpy' only for a function returning a floating-point value with no output parameters
  return y[0] * y[1];
}

double use(const std::vector<double> &x, const std::vector<double> &dx) {
  return tangent::jvp<f>()(0.5, x, 1.0, dx);
}
