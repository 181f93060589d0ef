// Must fail: a pointer to an object that is not initialized to one (an
// object pointer is the object by reference: `Vec *p = &v;`).
#include <tangent/grad.hpp>

struct Vec {
  double x, y;
};

double f(const Vec &v, double s) {
#ifdef TANGENT_FIXED
  const Vec *p = &v;
  return s > 0 ? p->x * s : s;
#else
  const Vec *p = nullptr; // TANGENT-ERROR: a pointer to an object is supported initialized to an object
  if (s > 0)
    p = &v;
  return p ? p->x * s : s;
#endif
}

double use(const Vec &v, double s) {
  return tangent::grad<f, tangent::options{.wrt = 0b10}>()(v, s);
}
