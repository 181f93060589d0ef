// Must fail: a container of objects whose elements hold a C array field
// (one container per field of the elements would be a container of arrays,
// which tangent does not represent); an object alone with such a field
// works, and so do elements with a field per number.
#include <tangent/grad.hpp>

#include <vector>

#ifdef TANGENT_FIXED
struct Point {
  double x, y, z;
};

double spread(const std::vector<Point> &ps, double s) {
  double r = 0;
  for (const Point &p : ps)
    r += (p.x * p.x + p.y * p.y + p.z * p.z) * s;
  return r;
}
#else
struct Point {
  double v[3];
};

double spread(const std::vector<Point> &ps, double s) { // TANGENT-ERROR: hold a C array field ('v')
  double r = 0;
  for (const Point &p : ps)
    r += (p.v[0] * p.v[0] + p.v[1] * p.v[1] + p.v[2] * p.v[2]) * s;
  return r;
}
#endif

double use(const std::vector<Point> &ps, double s) {
  return std::get<1>(tangent::grad<spread>()(ps, s));
}
