// Must fail: the same aliasing through a reference (`auto &w = u;`
// `diffuse(u, w)`), which the lowering binds to `u` itself.
#include <tangent/grad.hpp>

#include <vector>

void diffuse(const std::vector<double> &u, std::vector<double> &du) {
  for (std::size_t i = 1; i + 1 < u.size(); ++i)
    du[i] = u[i - 1] - 2.0 * u[i] + u[i + 1];
}

double f(std::vector<double> u) {
  std::vector<double> &w = u;
  diffuse(u, w); // TANGENT-ERROR: 'u' is passed to 'diffuse' by non-const reference and also as another argument
  return u[1];
}

std::vector<double> use(const std::vector<double> &u) {
  return tangent::grad<f>()(u);
}
