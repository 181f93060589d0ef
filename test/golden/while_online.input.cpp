// A convergence loop with break under online checkpointing.
#include <tangent/tangent.hpp>
#include <cmath>

double solve(double x, double tol) {
  double s = 0, err = 1;
  int it = 0;
  [[tangent::checkpoint(4)]] while (true) {
    double next = 0.5 * std::cos(s) + x;
    err = std::fabs(next - s);
    s = next;
    if (err < tol || ++it >= 1000)
      break;
  }
  return s * s;
}

auto dsolve = tangent::grad<solve>();
