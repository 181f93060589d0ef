// Must fail: an init-capture.
#include <tangent/grad.hpp>

double f(double x) {
  auto g = [y = x * 2.0](double v) { return y * v; }; // TANGENT-ERROR: an init-capture is not supported
  return g(x);
}

double use(double x) { return tangent::grad<f>()(x); }
