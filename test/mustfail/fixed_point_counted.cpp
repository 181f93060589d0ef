// Must fail: [[tangent::fixed_point]] on a loop without a convergence test
// (a fixed number of iterations is not a fixed-point iteration).
#include <tangent/grad.hpp>

double f(double p) {
#ifdef TANGENT_FIXED
  double x = 0.0, err = 1.0;
  [[tangent::fixed_point]] while (err > 1e-12) {
    const double xn = 0.5 * x + p;
    err = xn > x ? xn - x : x - xn;
    x = xn;
  }
#else
  double x = 0.0;
  [[tangent::fixed_point]] for (int it = 0; it < 50; ++it) // TANGENT-ERROR: its condition reads no floating-point or bool value that the loop computes
    x = 0.5 * x + p;
#endif
  return x;
}

double use(double p) { return tangent::grad<f>()(p); }
