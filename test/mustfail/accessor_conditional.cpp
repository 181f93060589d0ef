// Must fail: a function returning a reference to one of two things (the
// lowering substitutes an accessor's returned element or field; a choice is
// neither).
#include <tangent/grad.hpp>

double &larger(double &a, double &b) {
  return a > b ? a : b; // TANGENT-ERROR: a function returning a reference is supported when it returns a parameter, a field or an element of one
}

double f(double x, double y) {
#ifdef TANGENT_FIXED
  if (x > y)
    x *= 2.0;
  else
    y *= 2.0;
#else
  larger(x, y) *= 2.0;
#endif
  return x * y;
}

double use(double x) { return std::get<0>(tangent::grad<f>()(x, 1.0)); }
