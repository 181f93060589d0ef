// Must fail: an asm statement in the differentiated function.
#include <tangent/grad.hpp>

double f(double x) {
  double y = x * x;
  asm(""); // TANGENT-ERROR: inline assembly
  return y + x;
}

double use(double x) { return tangent::grad<f>()(x); }
