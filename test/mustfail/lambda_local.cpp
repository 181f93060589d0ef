// Must fail: a lambda stored in a local variable and called. The refusal
// is at the declaration and names the lambda's closure type.
#include <tangent/grad.hpp>

double f(double x) {
  auto sq = [](double v) { return v * v; }; // TANGENT-ERROR: lambdas are not supported
  return sq(x) + x;
}

double use(double x) { return tangent::grad<f>()(x); }
