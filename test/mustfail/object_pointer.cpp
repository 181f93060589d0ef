// Must fail: a pointer to an object (objects are passed by value or by
// reference).
#include <tangent/grad.hpp>

struct Vec {
  double x, y;
};

double f(const Vec *p, double s) { // TANGENT-ERROR: parameter type 'const Vec *' is not supported
  return p->x * s;
}

double use(const Vec &v, double s) {
  return tangent::grad<f, tangent::options{.wrt = 0b10}>()(&v, s);
}
