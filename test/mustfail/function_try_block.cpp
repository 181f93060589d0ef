// Must fail: a function-try-block.
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
double f(double x) { return x * x; }
#else
double f(double x) try { // TANGENT-ERROR: 'try' is not supported
  return x * x;
} catch (...) {
  return 0.0;
}
#endif

double use(double x) { return tangent::grad<f>()(x); }
