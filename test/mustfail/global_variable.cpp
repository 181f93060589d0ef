// Must fail: reading a non-constant global variable.
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
const double scale = 2.0;
#else
double scale = 2.0;
#endif

double f(double x) {
  return scale * x * x; // TANGENT-ERROR: global variable 'scale' is not supported (only constants): its value is hidden state that the adjoint cannot track; pass it as a parameter
}

double use(double x) { return tangent::grad<f>()(x); }
