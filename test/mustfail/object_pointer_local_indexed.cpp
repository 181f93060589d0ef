// Must fail: a pointer local to an object is that one object, by
// reference; indexing it is refused (index the array it points into).
#include <tangent/grad.hpp>

struct Vec {
  double x, y;
};

double f(double a) {
  Vec vs[3] = {{a, 1}, {2, a}, {a, a}};
#ifdef TANGENT_FIXED
  return vs[1].x * vs[2].y;
#else
  const Vec *p = vs;
  return p[1].x * p[2].y; // TANGENT-ERROR: indexing a pointer to objects is not supported here
#endif
}

double use(double a) { return tangent::grad<f>()(a); }
