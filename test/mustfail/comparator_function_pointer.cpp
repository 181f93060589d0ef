// Must fail: std::max with a comparator that is a function pointer (a
// lambda, a function object or std::less / std::greater work).
#include <tangent/grad.hpp>

#include <algorithm>

bool by_square(double a, double b) { return a * a < b * b; }

double f(double x, double y) {
#ifdef TANGENT_FIXED
  return std::max(x, y, [](double a, double b) { return by_square(a, b); });
#else
  return std::max(x, y, &by_square); // TANGENT-ERROR: this comparator is not supported
#endif
}

double use(double x) { return std::get<0>(tangent::grad<f>()(x, 1.0)); }
