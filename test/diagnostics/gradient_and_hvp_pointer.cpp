// hvp<f>().gradient_and_hvp of an f with a raw pointer parameter: its
// direction is a constant of the product, without an adjoint, so f's
// gradient does not come with it: one error, which says what to do
// (docs/forward-mode.md); the product alone compiles.
#include <tangent/tangent.hpp>

#include <span>

double energy(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i] * x[i];
  return s;
}

int main() {
  double x[3] = {1, 2, 3}, v[3] = {1, 0, 0};
  const auto hv = tangent::hvp<energy>()(std::span<const double>(x, 3), 3,
                                         std::span<const double>(v, 3));
  const auto [g, h] = tangent::hvp<energy>().gradient_and_hvp(
      std::span<const double>(x, 3), 3, std::span<const double>(v, 3));
  return hv[0] == h[0] && g[0] > 0 ? 0 : 1;
}
