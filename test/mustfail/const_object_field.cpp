// Must fail: a const field holding numbers (tangent would have to write the
// adjoint of a field C++ forbids writing; a const object may hold views and
// integers).
#include <tangent/grad.hpp>

struct Point {
  double x, y;
};

#ifdef TANGENT_FIXED
struct Holder {
  Point p; // not const
  int n;
};
#else
struct Holder {
  const Point p;
  int n;
};
#endif

double f(double x) {
  Holder h{{x, 2.0 * x}, 3}; // TANGENT-ERROR: is a const object holding numbers or containers
  return h.p.x * h.p.y * h.n;
}

double use(double x) { return tangent::grad<f>()(x); }
