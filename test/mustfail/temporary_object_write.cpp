// Must fail: a member function that writes its object, called on a
// temporary (the write would be lost; tangent refuses rather than guess).
#include <tangent/grad.hpp>

struct Vec {
  double x, y;
  void scale(double s) {
    x *= s;
    y *= s;
  }
};

Vec make(double x) { return {x, 2.0 * x}; }

double f(double x) {
#ifdef TANGENT_FIXED
  Vec v = make(x);
  v.scale(x);
#else
  make(x).scale(x); // TANGENT-ERROR: writing to a temporary object is not supported
#endif
  return x;
}

double use(double x) { return tangent::grad<f>()(x); }
