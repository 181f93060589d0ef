// Must fail: a local function pointer (refused once, at its declaration;
// the call through it is not reported again).
#include <tangent/grad.hpp>

double twice(double x) { return 2.0 * x; }
double thrice(double x) { return 3.0 * x; }

double f(double x, bool fast) {
#ifdef TANGENT_FIXED
  return (fast ? twice(x) : thrice(x)) + x;
#else
  double (*g)(double) = fast ? twice : thrice; // TANGENT-ERROR: function pointers are not supported
  return g(x) + x;
#endif
}

double use(double x) { return tangent::grad<f>()(x, true); }
