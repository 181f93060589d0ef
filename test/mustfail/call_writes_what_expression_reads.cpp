// Must fail: a call that writes a variable (here through a reference bound
// to it) that the rest of its expression reads. C++ leaves the order of the
// read and the call unspecified; tangent would make the call first.
#include <tangent/grad.hpp>

#include <cmath>

double relax(double &p) {
  p = 0.5 * p + 1.0;
  return p * p;
}

double f(double x) {
  double &r = x;
#ifdef TANGENT_FIXED
  const double t = std::tanh(relax(r));
  x = 0.12 * x + t;
#else
  x = 0.12 * x + std::tanh(relax(r)); // TANGENT-ERROR: the call 'relax(r)' writes 'x', which the same expression also reads or writes
#endif
  return x;
}

double use(double x) { return tangent::grad<f>()(x); }
