// Must fail: a request for a function that is declared but never defined
// in this translation unit.
#include <tangent/grad.hpp>

double f(double x);

double use(double x) {
  return tangent::grad<f>()(x); // TANGENT-ERROR: 'f' has no body: tangent::grad needs the definition
}
