// Must fail: an init-capture.
#include <tangent/grad.hpp>

double f(double x) {
#ifdef TANGENT_FIXED
  double y = x * 2.0;
  auto g = [y](double v) { return y * v; };
#else
  auto g = [y = x * 2.0](double v) { return y * v; }; // TANGENT-ERROR: an init-capture is not supported
#endif
  return g(x);
}

double use(double x) { return tangent::grad<f>()(x); }
