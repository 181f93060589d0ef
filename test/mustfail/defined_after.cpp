// Must fail: f is declared before the request but defined after it; the
// error points at the request.
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
double f(double x) { return x * x; }
#else
double f(double x);
#endif

double use(double x) {
  return tangent::grad<f>()(x); // TANGENT-ERROR: must be defined before
}

#ifndef TANGENT_FIXED
double f(double x) { return x * x; }
#endif
