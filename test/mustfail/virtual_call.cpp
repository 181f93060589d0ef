// Must fail: a virtual member call through a reference to a base class.
#include <tangent/grad.hpp>

struct Model {
  virtual ~Model() = default;
  virtual double eval(double x) const = 0;
};

struct Square : Model {
  double eval(double x) const override { return x * x; }
};

double f(double x, const Model &m) {
  return m.eval(x) + x; // TANGENT-ERROR: virtual call
}

double use(double x) {
  Square s;
  return tangent::grad<f>()(x, s);
}
