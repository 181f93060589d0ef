// Must fail: a local reference to a conditional expression (which variable
// it names is decided at run time).
#include <tangent/grad.hpp>

double f(double x, double y) {
#ifdef TANGENT_FIXED
  if (x > y)
    x = x * 2.0;
  else
    y = y * 2.0;
#else
  double &r = x > y ? x : y; // TANGENT-ERROR: local reference 'r' is not supported
  r = r * 2.0;
#endif
  return x * y;
}

double use(double x, double y) { return std::get<0>(tangent::grad<f>()(x, y)); }
