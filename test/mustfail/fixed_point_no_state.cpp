// Must fail: [[tangent::fixed_point]] on a loop whose iterations do not feed
// each other (nothing is iterated).
#include <tangent/grad.hpp>
#include <cmath>

double f(double p) {
  double err = 1.0, y = 0.0;
  int k = 0;
#ifdef TANGENT_FIXED
  while (err > 1e-3) {
#else
  [[tangent::fixed_point]] while (err > 1e-3) { // TANGENT-ERROR: no floating-point value this loop computes is read by its next iteration
#endif
    y = std::sin(p) / (1.0 + k);
    err = std::fabs(y);
    ++k;
  }
  return y;
}

double use(double p) { return tangent::grad<f>()(p); }
