// End-to-end: addresses of floating-point fields given to pointer
// parameters (issue 26): `scale(&p.x, s)` of a local object, of an
// element of a vector of objects (`&ps[i].x`), of an object parameter, and
// a field read through another's address in the same call; views of one
// variable or field (`const double *q = &p.y;`).
#include "check.hpp"

#include <cmath>
#include <vector>

struct Point {
  double x;
  double y;
};

void scale(double *v, double s) { *v *= s; }
void grow(double *a, const double *b) { *a += 2.0 * *b * *a; }

double local_object(double a, double b) {
  Point p{a, b};
  scale(&p.x, b);
  grow(&p.y, &p.x);
  return p.x * p.y;
}

double vector_of_objects(const std::vector<double> &v) {
  std::vector<Point> ps(2);
  ps[0].x = v[0];
  ps[0].y = v[1];
  ps[1].x = v[1];
  ps[1].y = v[0];
  for (int i = 0; i < 2; ++i)
    scale(&ps[i].x, ps[i].y);
  return ps[0].x + std::sin(ps[1].x);
}

double object_parameter(Point p, double s) {
  scale(&p.y, s);
  grow(&p.x, &p.y);
  return p.x + p.y * p.y;
}

double through_view(double a, double b) {
  Point p{a, b};
  const double *q = &p.y;
  scale(&p.x, *q);
  return p.x * *q + std::exp(p.x);
}

// A view of one variable (`*q` is the variable; generated code that did
// not compile before).
double scalar_view(double a, double b) {
  double y = b;
  double x = a;
  const double *q = &y;
  double *w = &x;
  scale(w, *q);
  *w += *q;
  return x * *q + std::exp(x);
}

template <> struct tangent_test::fields<Point> {
  static auto of(Point &p) { return std::tie(p.x, p.y); }
};

int main() {
  using namespace tangent_test;
  check("local_object", tangent::grad<local_object>(), 1.5, 2.0);
  check("vector_of_objects", tangent::grad<vector_of_objects>(),
        std::vector<double>{0.3, 0.7});
  check("object_parameter", tangent::grad<object_parameter>(), Point{0.4, -0.6},
        1.3);
  check("through_view", tangent::grad<through_view>(), 0.5, 0.9);
  check("scalar_view", tangent::grad<scalar_view>(), 0.5, 0.9);
  return summary();
}
