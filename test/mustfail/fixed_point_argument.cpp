// Must fail: [[tangent::fixed_point]] takes no arguments.
#include <tangent/grad.hpp>
#include <cmath>

double f(double p) {
  double x = 0.0, err = 1.0;
#ifdef TANGENT_FIXED
  [[tangent::fixed_point]] while (err > 1e-12) {
#else
  [[tangent::fixed_point(100)]] while (err > 1e-12) { // TANGENT-ERROR: takes no arguments
#endif
    const double xn = 0.5 * std::cos(x) + p;
    err = std::fabs(xn - x);
    x = xn;
  }
  return x;
}

double use(double p) { return tangent::grad<f>()(p); }
