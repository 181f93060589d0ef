// Must fail: a call through a local function pointer.
#include <tangent/grad.hpp>

double twice(double x) { return 2.0 * x; }
double thrice(double x) { return 3.0 * x; }

double f(double x, bool fast) {
  double (*g)(double) = fast ? twice : thrice;
  return g(x) + x; // TANGENT-ERROR: call through a function pointer
}

double use(double x) { return tangent::grad<f>()(x, true); }
