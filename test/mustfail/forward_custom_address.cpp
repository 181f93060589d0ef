// Must fail: forward mode through a custom derivative given an address
// (`x.data()`) that has a pullback only: the pullback would write partial
// derivatives of an extent only the call knows, and forward mode collects
// one scalar per argument; the fix defines the pushforward.
#include <tangent/tangent.hpp>

#include <vector>

namespace vendor {
double dot(int n, const double *x, const double *y);
} // namespace vendor

namespace tangent::custom::vendor {
inline void dot_pullback(int n, const double *x, const double *y, double *d_x,
                         double *d_y, double d_result) {
  for (int i = 0; i < n; ++i) {
    d_x[i] += d_result * y[i];
    d_y[i] += d_result * x[i];
  }
}
#ifdef TANGENT_FIXED
inline double dot_pushforward(int n, const double *x, const double *y,
                              const double *d_x, const double *d_y) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += d_x[i] * y[i] + x[i] * d_y[i];
  return s;
}
#endif
} // namespace tangent::custom::vendor

double f(const std::vector<double> &x, const std::vector<double> &y) {
  return vendor::dot(int(x.size()), x.data(), y.data()); // TANGENT-ERROR: forward mode can use the pullback of 'vendor::dot' only with floating-point and std::vector arguments; for an address, define tangent::custom::vendor::dot_pushforward
}

double use(const std::vector<double> &x, const std::vector<double> &dx) {
  return tangent::jvp<f>()(x, x, dx, dx);
}
