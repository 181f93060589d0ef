// Must fail: a global variable that the differentiated function writes
// (reads alone are data: e2e.read_globals).
#include <tangent/grad.hpp>

double scale = 2.0;

#ifdef TANGENT_FIXED
double f(double x, double s) {
  s *= 1.5; // the value passed in, updated
  return s * x * x;
}
auto use(double x) { return tangent::grad<f>()(x, scale); }
#else
double f(double x) {
  scale *= 1.5; // TANGENT-ERROR: global variable 'scale' is written here: its value is hidden state that the adjoint cannot track; pass it as a parameter
  return scale * x * x;
}
double use(double x) { return tangent::grad<f>()(x); }
#endif
