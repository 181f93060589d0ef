// Must fail: a function-try-block.
#include <tangent/grad.hpp>

double f(double x) try { // TANGENT-ERROR: 'try' is not supported
  return x * x;
} catch (...) {
  return 0.0;
}

double use(double x) { return tangent::grad<f>()(x); }
