// Must fail: a request for a function that is declared but never defined
// in this translation unit.
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
double f(double x) { return x * x; }
#else
double f(double x);
#endif

double use(double x) {
  return tangent::grad<f>()(x); // TANGENT-ERROR: 'f' has no body: tangent::grad needs the definition
}
