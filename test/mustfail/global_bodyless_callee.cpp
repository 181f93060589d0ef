// Must fail: vendor::step has no body here (a custom derivative gives it
// one for the adjoint), so it may write the global the function reads
// between the forward and the reverse sweep.
#include <tangent/grad.hpp>

namespace vendor {
double step(double x);
}

namespace tangent::custom::vendor {
void step_pullback(double x, double *d_x, double d_result) {
  *d_x += d_result * 2.0 * x;
}
} // namespace tangent::custom::vendor

#ifdef TANGENT_FIXED
double f(double x, double s) { return vendor::step(x) * s; }
double scale = 2.0;
auto use(double x) { return tangent::grad<f>()(x, scale); }
#else
double scale = 2.0;
double f(double x) {
  return vendor::step(x) * scale; // TANGENT-ERROR: may be written by 'vendor::step', whose body tangent does not see
}
double use(double x) { return tangent::grad<f>()(x); }
#endif
