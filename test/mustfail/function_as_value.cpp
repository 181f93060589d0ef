// Must fail: a function used as a value (passed as a function pointer).
#include <tangent/grad.hpp>

double square(double v) { return v * v; }
double apply(double (*g)(double), double x) { return x; }

double f(double x) {
  return apply(square, x) * x; // TANGENT-ERROR: function pointers are not supported
}

double use(double x) { return tangent::grad<f>()(x); }
