// Must fail: forward mode through a custom derivative of a function with an
// output parameter (only functions returning a floating-point value without
// output parameters get their partial derivatives from the pullback).
#include <tangent/tangent.hpp>

#include <cmath>

double polar(double r, double t, double &y) {
  y = r * std::sin(t);
  return r * std::cos(t);
}

#ifndef TANGENT_FIXED
namespace tangent::custom {
inline void polar_pullback(double r, double t, double &y, double *dr,
                           double *dt, double *dy, double d) {
  *dr += d * std::cos(t) + *dy * std::sin(t);
  *dt += -d * r * std::sin(t) + *dy * r * std::cos(t);
  (void)y;
}
} // namespace tangent::custom
#endif

double f(double r, double t) {
  double y = 0;
  double x = polar(r, t, y); // TANGENT-ERROR: forward mode can use the custom derivative of 'polar' only for a function returning a floating-point value with no output parameters
  return x * y;
}

double use(double r) { return tangent::jvp<f>()(r, 0.5, 1.0, 0.0); }
