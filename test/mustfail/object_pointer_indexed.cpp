// Must fail: an array of objects through a pointer (a pointer to an
// object is one object, by reference).
#include <tangent/grad.hpp>

#include <vector>

struct Vec {
  double x, y;
};

#ifdef TANGENT_FIXED
double f(const std::vector<Vec> &p, int n) {
#else
double f(const Vec *p, int n) {
#endif
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i].x; // TANGENT-ERROR: indexing a pointer to objects is not supported
  return s;
}

#ifdef TANGENT_FIXED
std::vector<Vec> use(const std::vector<Vec> &v) {
  return tangent::grad<f>()(v, 3);
}
#else
double use(const Vec *v) {
  Vec d{0, 0};
  return tangent::grad<f>().pullback(v, 3, d);
}
#endif
