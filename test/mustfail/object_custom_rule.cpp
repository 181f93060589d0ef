// Must fail: a custom derivative of a function that takes an object.
#include <tangent/grad.hpp>

struct Vec {
  double x, y;
};

#ifdef TANGENT_FIXED
double len(double x, double y);

namespace tangent::custom {
void len_pullback(double x, double y, double *d_x, double *d_y, double d);
}
#else
double len(const Vec &v);

namespace tangent::custom {
void len_pullback(const Vec &v, double d);
}
#endif

double f(double x) {
  Vec v{x, 1.0};
#ifdef TANGENT_FIXED
  return len(v.x, v.y) * x;
#else
  return len(v) * x; // TANGENT-ERROR: custom derivatives of functions taking or returning objects are not supported
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
