// Must fail: [[tangent::fixed_point]] applies to one loop, not a block.
#include <tangent/grad.hpp>
#include <cmath>

double f(double p) {
  double x = 0.0, err = 1.0;
#ifdef TANGENT_FIXED
  [[tangent::fixed_point]] while (err > 1e-12) {
    const double xn = 0.5 * std::cos(x) + p;
    err = std::fabs(xn - x);
    x = xn;
  }
#else
  [[tangent::fixed_point]] { // TANGENT-ERROR: applies to a while, do or for loop
    while (err > 1e-12) {
      const double xn = 0.5 * std::cos(x) + p;
      err = std::fabs(xn - x);
      x = xn;
    }
  }
#endif
  return x;
}

double use(double p) { return tangent::grad<f>()(p); }
