// Must fail: physics::drag has no body, and the only custom derivative
// named drag_pullback is tangent::custom::drag_pullback, which is the rule
// for a global ::drag, not for physics::drag (that one would be
// tangent::custom::physics::drag_pullback).
#include <tangent/grad.hpp>

namespace physics {
double drag(double v);
}

#ifdef TANGENT_FIXED
namespace tangent::custom::physics {
#else
namespace tangent::custom {
#endif
void drag_pullback(double v, double *d_v, double d_result) {
  *d_v += d_result * 2.0 * v;
}
} // namespace tangent::custom

double f(double v) {
  return physics::drag(v) * v; // TANGENT-ERROR: is for another function named 'drag'
}

double use(double x) { return tangent::grad<f>()(x); }
