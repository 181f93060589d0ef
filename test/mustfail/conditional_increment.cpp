// Must fail: incrementing a conditional expression.
#include <tangent/grad.hpp>

double f(double a, double b, bool c) {
  double x = a, y = b;
#ifdef TANGENT_FIXED
  (c ? x : y) += 1.0;
#else
  ++(c ? x : y); // TANGENT-ERROR: a conditional expression as the operand of ++/-- or as an output argument is not supported
#endif
  return x * y;
}

double use(double a, double b) { return std::get<0>(tangent::grad<f>()(a, b, true)); }
