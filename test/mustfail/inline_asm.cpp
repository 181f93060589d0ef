// Must fail: an asm statement in the differentiated function.
#include <tangent/grad.hpp>

double f(double x) {
  double y = x * x;
#ifndef TANGENT_FIXED
  asm(""); // TANGENT-ERROR: inline assembly
#endif
  return y + x;
}

double use(double x) { return tangent::grad<f>()(x); }
