// Must fail: forward mode through a function with a custom derivative (a
// custom derivative is a pullback: reverse mode only).
#include <tangent/tangent.hpp>

#include <cmath>

double soft(double x) { return std::log1p(std::exp(x)); }

namespace tangent::custom {
inline void soft_pullback(double x, double *dx, double d) {
  *dx += d / (1 + std::exp(-x));
}
} // namespace tangent::custom

double f(double x) {
  return soft(x) * x; // TANGENT-ERROR: forward mode cannot use the custom derivative of 'soft'
}

double use(double x) { return tangent::jvp<f>()(x, 1.0); }
