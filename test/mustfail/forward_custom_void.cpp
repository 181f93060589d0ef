// Must fail: forward mode through a custom derivative of a void function
// writing through a pointer that has a pullback only (forward mode takes
// partial derivatives from a pullback only for functions returning a
// floating-point value without output parameters); the fix defines its
// pushforward, the function staying without a body.
#include <tangent/tangent.hpp>

#include <vector>

namespace vendor {
void saxpy(int n, double a, const double *x, double *y); // y[i] += a*x[i]
} // namespace vendor

namespace tangent::custom::vendor {
inline void saxpy_pullback(int n, double a, const double *x, double *y,
                           double *d_a, double *d_x, double *d_y) {
  (void)y;
  for (int i = 0; i < n; ++i) {
    *d_a += d_y[i] * x[i];
    d_x[i] += a * d_y[i];
  }
}
#ifdef TANGENT_FIXED
inline void saxpy_pushforward(int n, double a, const double *x, double *y,
                              double d_a, const double *d_x, double *d_y) {
  (void)y;
  for (int i = 0; i < n; ++i)
    d_y[i] += d_a * x[i] + a * d_x[i];
}
#endif
} // namespace tangent::custom::vendor

double f(double a, const std::vector<double> &x) {
  std::vector<double> y(x.size(), 1.0);
  vendor::saxpy(int(x.size()), a, x.data(), y.data()); // TANGENT-ERROR: forward mode takes the derivative of 'vendor::saxpy', which writes through its arguments, from a pushforward rule: define tangent::custom::vendor::saxpy_pushforward
  return y[0] * y[1];
}

double use(const std::vector<double> &x, const std::vector<double> &dx) {
  return tangent::jvp<f>()(0.5, x, 1.0, dx);
}
