// A time stepper (Heun's method) whose right-hand side fills its output
// (k1, k2 stay out of the state): a step records two vectors (tmp and u,
// before they are overwritten) but starts from one, u, and is cheap, so
// its iterations are recomputed (options.recompute, the default); the
// stage loops reverse in one loop each. The same loop with
// `.recompute = false` keeps the full tape, for comparison.
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>

void rate(const std::vector<double> &u, std::vector<double> &du) {
  const std::size_t n = u.size();
  for (std::size_t i = 0; i < n - 1; ++i)
    du[i] = u[i + 1] * u[i] - 0.5 * u[i];
  du[n - 1] = -u[n - 1];
}

double heun(const std::vector<double> &u0) {
  const std::size_t n = u0.size();
  std::vector<double> u(u0), k1(n, 0.0), k2(n, 0.0), tmp(n, 0.0);
  for (int t = 0; t < 1000; ++t) {
    rate(u, k1);
    for (std::size_t i = 0; i < n; ++i)
      tmp[i] = u[i] + 0.01 * k1[i];
    rate(tmp, k2);
    for (std::size_t i = 0; i < n; ++i)
      u[i] = u[i] + 0.005 * (k1[i] + k2[i]);
  }
  double r = 0;
  for (std::size_t i = 0; i < n; ++i)
    r += u[i] * u[i];
  return r;
}

auto dheun = tangent::grad<heun>();
auto dheun_taped = tangent::grad<heun, tangent::options{.recompute = false}>();
