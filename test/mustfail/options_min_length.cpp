// Must fail: a negative options.min_length is refused at the request.
#include <tangent/grad.hpp>

double f(double x) { return x * x; }

double use(double x) {
  return tangent::grad<f, tangent::options{.min_length = -1}>()(x); // TANGENT-ERROR: options.min_length must not be negative
}
