// Must fail: a try block in the differentiated function.
#include <tangent/grad.hpp>

double f(double x) {
  double y = 0.0;
#ifdef TANGENT_FIXED
  y = x * x;
#else
  try { // TANGENT-ERROR: 'try' is not supported
    y = x * x;
  } catch (...) {
    y = 0.0;
  }
#endif
  return y;
}

double use(double x) { return tangent::grad<f>()(x); }
