// Must fail: a function with a custom derivative and an output parameter,
// called with an argument that is also the output: its pullback receives
// the arguments' values after the call, so it cannot see what the call
// read.
#include <tangent/tangent.hpp>

#include <cmath>
#include <tuple>

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
} // namespace tangent::custom

double f(double r, double t) {
#ifdef TANGENT_FIXED
  double r0 = r;
  double x = polar(r0, t, r);
#else
  double x = polar(r, t, r); // TANGENT-ERROR: the arguments 'r' and 'r' of 'polar' may be the same storage, and its custom derivative cannot see that
#endif
  return x * r;
}

std::tuple<double, double> use(double r) { return tangent::grad<f>()(r, 0.5); }
