// Must fail: `a != b` of objects, which C++20 rewrites from operator==.
#include <tangent/grad.hpp>

struct V {
  double x, y;
  bool operator==(const V &o) const { return x == o.x && y == o.y; }
};

double f(double x, double y) {
  const V a{x, y};
  const V b{y, x};
#ifdef TANGENT_FIXED
  if (a.x != b.x || a.y != b.y)
#else
  if (a != b) // TANGENT-ERROR: a comparison of objects that C++20 rewrites
#endif
    return x * y;
  return x;
}

double use(double x, double y) { return std::get<0>(tangent::grad<f>()(x, y)); }
