// Must fail: the state of a [[tangent::fixed_point]] loop is kept as a
// std::tuple, which cannot hold a C array.
#include <tangent/grad.hpp>
#include <array>
#include <cmath>

double f(double p) {
#ifdef TANGENT_FIXED
  std::array<double, 2> x = {0.0, 0.0};
#else
  double x[2] = {0.0, 0.0};
#endif
  double err = 1.0;
  [[tangent::fixed_point]] while (err > 1e-12) { // TANGENT-ERROR: C array 'x' in the state of a loop under [[tangent::fixed_point]]
    const double a = 0.5 * std::cos(x[1]) + p, b = 0.25 * x[0];
    err = std::fabs(a - x[0]) + std::fabs(b - x[1]);
    x[0] = a;
    x[1] = b;
  }
  return x[0] + x[1];
}

double use(double p) { return tangent::grad<f>()(p); }
