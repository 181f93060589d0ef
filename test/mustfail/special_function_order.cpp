// Must fail: a Bessel function's order that depends on a differentiated
// value: the table has no derivative in the order (no closed form), so
// differentiating as if it were constant would be wrong.
#include <tangent/tangent.hpp>

#include <cmath>

double f(double x, double nu) {
#ifdef TANGENT_FIXED
  (void)nu;
  const double order = 1.5; // a constant order
  return std::cyl_bessel_j(order, x);
#else
  return std::cyl_bessel_j(nu * 0.5, x); // TANGENT-ERROR: 'cyl_bessel_j' has no derivative rule in its argument 1 (an order); pass a constant there
#endif
}

double use(double x) { return std::get<0>(tangent::grad<f>()(x, 3.0)); }
