// A stencil callee (independent reverse passes) inside a time loop, with
// element writes recorded in bulk.
#include <tangent/tangent.hpp>
#include <vector>

void diffuse(const std::vector<double> &u, std::vector<double> &du) {
  const std::size_t n = u.size();
  for (std::size_t i = 1; i < n - 1; ++i)
    du[i] = u[i - 1] - 2.0 * u[i] + u[i + 1];
}

double heat(const std::vector<double> &u0, double kappa) {
  const std::size_t n = u0.size();
  std::vector<double> u = u0, du(n, 0.0);
  for (int t = 0; t < 50; ++t) {
    diffuse(u, du);
    for (std::size_t i = 0; i < n; ++i)
      u[i] = u[i] + kappa * du[i];
  }
  double e = 0;
  for (std::size_t i = 0; i < n; ++i)
    e += u[i] * u[i];
  return e;
}

auto dheat = tangent::grad<heat>();
