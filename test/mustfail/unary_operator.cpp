// Must fail: a unary operator other than + - ! ~ ++ -- and * of a pointer
// parameter (here GNU __real__).
#include <tangent/grad.hpp>

double f(double x) {
  return __real__ x * x; // TANGENT-ERROR: the unary operator '__real' is not supported
}

double use(double x) { return tangent::grad<f>()(x); }
