// Must fail: a call through a function pointer parameter.
#include <tangent/grad.hpp>

double f(double x, double (*g)(double)) {
  return g(x) * x; // TANGENT-ERROR: call through a function pointer
}

double square(double x) { return x * x; }

double use(double x) { return tangent::grad<f>()(x, square); }
