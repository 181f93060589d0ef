// Must fail: a negative options.min_length is refused at the request.
#include <tangent/grad.hpp>

double f(double x) { return x * x; }

double use(double x) {
#ifdef TANGENT_FIXED
  return tangent::grad<f, tangent::options{.min_length = 0}>()(x);
#else
  return tangent::grad<f, tangent::options{.min_length = -1}>()(x); // TANGENT-ERROR: options.min_length must not be negative
#endif
}
