// Must fail: a pointer local to one object (not into an array of them) is
// that object, by reference; indexing it is refused.
#include <tangent/grad.hpp>

struct Vec {
  double x, y;
};

double f(double a) {
  Vec v{a, 2};
#ifdef TANGENT_FIXED
  const Vec *p = &v;
  return p->x * p->y;
#else
  const Vec *p = &v;
  return p[0].x * p[0].y; // TANGENT-ERROR: indexing a pointer to objects is not supported here
#endif
}

double use(double a) { return tangent::grad<f>()(a); }
