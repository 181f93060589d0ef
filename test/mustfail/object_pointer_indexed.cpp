// Must fail: an array of objects through a pointer (a pointer to an
// object is one object, by reference).
#include <tangent/grad.hpp>

struct Vec {
  double x, y;
};

double f(const Vec *p, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i].x; // TANGENT-ERROR: indexing a pointer to objects is not supported
  return s;
}

double use(const Vec *v) {
  Vec d{0, 0};
  return tangent::grad<f>().pullback(v, 3, d);
}
