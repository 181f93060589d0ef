// Must fail: std::max of a braced list (the rule is std::max of two values;
// the message names the nested calls that replace it).
#include <tangent/grad.hpp>

#include <algorithm>

double f(double a, double b, double c) {
#ifdef TANGENT_FIXED
  return std::max(std::max(a, b), c);
#else
  return std::max({a, b, c}); // TANGENT-ERROR: nest the calls, as std::max(std::max(a, b), c)
#endif
}

double use(double x) { return std::get<0>(tangent::grad<f>()(x, 2 * x, 0.5)); }
