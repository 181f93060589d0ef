// Must fail: forward mode through a custom derivative of a function with an
// output parameter and only a pullback (only functions returning a
// floating-point value without output parameters get their partial
// derivatives from the pullback; the fix defines the pushforward).
#include <tangent/tangent.hpp>

#include <cmath>

double polar(double r, double t, double &y) {
  y = r * std::sin(t);
  return r * std::cos(t);
}

namespace tangent::custom {
inline void polar_pullback(double r, double t, double &y, double *dr,
                           double *dt, double *dy, double d) {
  *dr += d * std::cos(t) + *dy * std::sin(t);
  *dt += -d * r * std::sin(t) + *dy * r * std::cos(t);
  (void)y;
}
#ifdef TANGENT_FIXED
inline double polar_pushforward(double r, double t, double &y, double dr,
                                double dt, double *dy) {
  (void)y;
  *dy = dr * std::sin(t) + dt * r * std::cos(t);
  return dr * std::cos(t) - dt * r * std::sin(t);
}
#endif
} // namespace tangent::custom

double f(double r, double t) {
  double y = 0;
  double x = polar(r, t, y); // TANGENT-ERROR: forward mode takes the derivative of 'polar', which writes through its arguments, from a pushforward rule: define tangent::custom::polar_pushforward
  return x * y;
}

double use(double r) { return tangent::jvp<f>()(r, 0.5, 1.0, 0.0); }
