// Must fail: a call to a function declared without a body and without a
// custom derivative (tangent::custom::mystery_pullback).
#include <tangent/grad.hpp>

double mystery(double x);

#ifdef TANGENT_FIXED
namespace tangent::custom {
inline void mystery_pullback(double x, double *d_x, double d_result) {
  *d_x += d_result * 2.0 * x;
}
} // namespace tangent::custom
#endif

double f(double x) {
  return mystery(x) * x; // TANGENT-ERROR: has no body and no custom derivative
}

double use(double x) { return tangent::grad<f>()(x); }
