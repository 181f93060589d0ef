// Must fail: a request for a virtual member function.
#include <tangent/tangent.hpp>

struct Shape {
  double s = 1.0;
#ifdef TANGENT_FIXED
  double area(double k) const { return k * s * s; }
#else
  virtual ~Shape() = default;
  virtual double area(double k) const { return k * s * s; } // TANGENT-ERROR: the virtual function 'area' is not supported
#endif
};

double use(const Shape &shape) {
  return tangent::grad<&Shape::area, tangent::options{.wrt = 0b10}>()(shape, 2.0);
}
