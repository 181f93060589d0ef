// Must fail: a negative options.memory_budget is refused at the request (0
// means no budget).
#include <tangent/grad.hpp>

double f(double x) { return x * x; }

double use(double x) {
#ifdef TANGENT_FIXED
  return tangent::grad<f, tangent::options{.memory_budget = 0}>()(x);
#else
  return tangent::grad<f, tangent::options{.memory_budget = -1}>()(x); // TANGENT-ERROR: options.memory_budget must not be negative
#endif
}
