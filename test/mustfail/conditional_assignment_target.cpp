// Must fail: writing again to the result of an assignment to a
// conditional expression.
#include <tangent/grad.hpp>

double f(double a, double b, bool c) {
  double x = a, y = b;
#ifdef TANGENT_FIXED
  (c ? x : y) = a * b;
  (c ? x : y) += 1.0;
#else
  ++((c ? x : y) = a * b); // TANGENT-ERROR: writing again through an assignment to a conditional expression is not supported
#endif
  return x + y;
}

double use(double a, double b) { return std::get<0>(tangent::grad<f>()(a, b, true)); }
