// Must fail: a unary operator other than + - ! ~ ++ -- and * of a pointer
// parameter (here GNU __real__).
#include <tangent/grad.hpp>

double f(double x) {
#ifdef TANGENT_FIXED
  return x * x;
#else
  return __real__ x * x; // TANGENT-ERROR: the unary operator '__real' is not supported
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
