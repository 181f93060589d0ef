// Must fail: options.budget below 1 is refused at the request.
#include <tangent/grad.hpp>

double f(double x) { return x * x; }

double use(double x) {
#ifdef TANGENT_FIXED
  return tangent::grad<f, tangent::options{.budget = 1}>()(x);
#else
  return tangent::grad<f, tangent::options{.budget = 0}>()(x); // TANGENT-ERROR: options.budget must be at least 1
#endif
}
