// A fixed-point iteration x = g(x, p) under [[tangent::fixed_point]]: the
// reverse sweep iterates the adjoint at the final state (Christianson).
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>

double solve(const std::vector<double> &p, double tol) {
  std::vector<double> x(p.size(), 0.0);
  double change = 1.0;
  [[tangent::fixed_point]] for (int it = 0; it < 200 && change > tol; ++it) {
    change = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      const double xn = 0.5 * std::cos(x[i]) + p[i];
      change = std::fmax(change, std::fabs(xn - x[i]));
      x[i] = xn;
    }
  }
  double s = 0.0;
  for (double v : x)
    s += v * v;
  return s;
}

auto dsolve = tangent::grad<solve>();
