// Must fail: a vector-Jacobian product of a scalar function (use grad).
#include <tangent/tangent.hpp>

double square(double x) { return x * x; }

double use(double x) {
#ifdef TANGENT_FIXED
  return tangent::grad<square>()(x);
#else
  return tangent::vjp<square>()(x, 1.0); // TANGENT-ERROR: needs a function returning a std::vector or std::array of floating point
#endif
}
