// Must fail: a function pointer parameter (refused once, at the parameter;
// the call through it is not reported again).
#include <tangent/grad.hpp>

double f(double x, double (*g)(double)) { // TANGENT-ERROR: function pointers are not supported
  return g(x) * x;
}

double square(double x) { return x * x; }

double use(double x) { return tangent::grad<f>()(x, square); }
