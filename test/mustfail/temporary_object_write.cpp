// Must fail: a member function that writes its object, called on a copy
// made in place (`Vec(v)`: tangent refuses rather than guess whether the
// copy is v itself). A temporary returned by your function or built with
// braces works.
#include <tangent/grad.hpp>

struct Vec {
  double x, y;
  void scale(double s) {
    x *= s;
    y *= s;
  }
};

double f(double x) {
  const Vec v{x, 2.0 * x};
#ifdef TANGENT_FIXED
  Vec w = v;
  w.scale(x);
#else
  Vec(v).scale(x); // TANGENT-ERROR: writing to a temporary object is not supported
#endif
  return v.x * v.y;
}

double use(double x) { return tangent::grad<f>()(x); }
