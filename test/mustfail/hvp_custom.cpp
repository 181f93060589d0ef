// Must fail: a Hessian-vector product through a function with a custom
// derivative (forward mode uses its pullback for the tangent, which second
// order cannot differentiate again).
#include <tangent/tangent.hpp>

#include <cmath>

double soft(double x) { return std::log1p(std::exp(x)); }

#ifndef TANGENT_FIXED
namespace tangent::custom {
inline void soft_pullback(double x, double *dx, double d) {
  *dx += d / (1 + std::exp(-x));
}
} // namespace tangent::custom
#endif

double f(double x) {
  return soft(x) * x; // TANGENT-ERROR: second order (hvp, hessian) cannot use the custom derivative of 'soft'
}

double use(double x) { return tangent::hvp<f>()(x, 1.0); }
