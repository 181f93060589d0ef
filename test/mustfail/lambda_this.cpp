// Must fail: a lambda that captures `this`.
#include <tangent/grad.hpp>

struct Model {
  double k;
  double eval(double x) const {
    auto h = [this](double v) { return k * v; }; // TANGENT-ERROR: a lambda that captures 'this' is not supported
    return h(x);
  }
};

double f(double x) {
  Model m{2.0};
  return m.eval(x);
}

double use(double x) { return tangent::grad<f>()(x); }
