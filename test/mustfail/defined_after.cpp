// Must fail: f is declared before the request but defined after it; the
// error points at the request.
#include <tangent/grad.hpp>

double f(double x);

double use(double x) {
  return tangent::grad<f>()(x); // TANGENT-ERROR: must be defined before
}

double f(double x) { return x * x; }
