// Must fail: a std::span's data given to a function with a custom
// derivative (the generated call would pass the span itself).
#include <tangent/tangent.hpp>

#include <span>
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
} // namespace tangent::custom::vendor

double f(std::span<const double> x, const std::vector<double> &y) {
#ifdef TANGENT_FIXED
  std::vector<double> copy(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    copy[i] = x[i];
  return vendor::dot(int(y.size()), copy.data(), y.data());
#else
  return vendor::dot(int(y.size()), x.data(), y.data()); // TANGENT-ERROR: a custom derivative of 'vendor::dot' cannot be given 'x', a std::span; copy it into a std::vector
#endif
}

auto use(const std::vector<double> &x, const std::vector<double> &y) {
  return tangent::grad<f>()(std::span<const double>(x), y);
}
