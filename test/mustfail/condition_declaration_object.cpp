// Must fail: a declaration of an object in a condition (its contextual
// conversion to bool is a call tangent does not lower there).
#include <tangent/grad.hpp>

struct Step {
  double size;
  explicit operator bool() const { return size > 0.01; }
};

double f(double x) {
#ifdef TANGENT_FIXED
  Step s{x - 1.0};
  if (s)
#else
  if (Step s{x - 1.0}) // TANGENT-ERROR: a declaration of a 'Step' in a condition is not supported
#endif
    return s.size * x;
  return x;
}

double use(double x) { return tangent::grad<f>()(x); }
