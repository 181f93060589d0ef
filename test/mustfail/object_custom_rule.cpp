// Must fail: a custom derivative of a function that takes an object.
#include <tangent/grad.hpp>

struct Vec {
  double x, y;
};

double len(const Vec &v);

namespace tangent::custom {
void len_pullback(const Vec &v, double d);
}

double f(double x) {
  Vec v{x, 1.0};
  return len(v) * x; // TANGENT-ERROR: custom derivatives of functions taking or returning objects are not supported
}

double use(double x) { return tangent::grad<f>()(x); }
