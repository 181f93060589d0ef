// Must fail: a non-constant static local variable (hidden state that
// survives between calls).
#include <tangent/grad.hpp>

double f(double x) {
#ifdef TANGENT_FIXED
  double calls = 0.0;
#else
  static double calls = 0.0; // TANGENT-ERROR: static local variables are not supported
#endif
  calls += 1.0;
  return calls * x;
}

double use(double x) { return tangent::grad<f>()(x); }
