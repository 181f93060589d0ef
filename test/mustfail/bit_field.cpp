// Must fail: a class with a bit-field.
#include <tangent/grad.hpp>

struct Flags {
  double v;
#ifdef TANGENT_FIXED
  unsigned on;
#else
  unsigned on : 1;
#endif
};

double f(double x) {
  Flags g{x, 1}; // TANGENT-ERROR: the field 'on' of 'Flags' is a bit-field
  return g.v * x;
}

double use(double x) { return tangent::grad<f>()(x); }
