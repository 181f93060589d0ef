// Must fail: options.threads below 1 is refused at the request (1 means
// this thread only).
#include <tangent/grad.hpp>

double f(double x) { return x * x; }

double use(double x) {
#ifdef TANGENT_FIXED
  return tangent::grad<f, tangent::options{.threads = 1}>()(x);
#else
  return tangent::grad<f, tangent::options{.threads = 0}>()(x); // TANGENT-ERROR: options.threads must be at least 1
#endif
}
