// Must fail: [[tangent::fixed_point]] on a loop left by break (the last
// iteration is partial, so replaying one iteration is not the loop's map).
#include <tangent/grad.hpp>
#include <cmath>

double f(double p) {
#ifdef TANGENT_FIXED
  double x = 0.0, err = 1.0;
  [[tangent::fixed_point]] while (err >= 1e-12) {
    const double xn = 0.5 * std::cos(x) + p;
    err = std::fabs(xn - x);
    x = xn;
  }
#else
  double x = 0.0;
  [[tangent::fixed_point]] while (true) { // TANGENT-ERROR: this loop ends by break or return
    const double xn = 0.5 * std::cos(x) + p;
    if (std::fabs(xn - x) < 1e-12)
      break;
    x = xn;
  }
#endif
  return x;
}

double use(double p) { return tangent::grad<f>()(p); }
