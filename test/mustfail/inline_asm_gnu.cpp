// Must fail: a GNU __asm__ statement in the differentiated function.
#include <tangent/grad.hpp>

double f(double x) {
  double y = x * 3.0;
#ifndef TANGENT_FIXED
  __asm__ __volatile__("" : : : "memory"); // TANGENT-ERROR: inline assembly
#endif
  return y * x;
}

double use(double x) { return tangent::grad<f>()(x); }
