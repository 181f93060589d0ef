// tangent-rewrite input: gradient, forward-mode and second-order requests of
// one function with the same options (three blocks, keyed by kind).
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

double energy(const std::vector<double> &x) {
  double s = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    s += std::sin(x[i]) * x[i] * x[i];
  return s;
}

std::vector<double> forces(const std::vector<double> &x, double k) {
  std::vector<double> f(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    f[i] = -k * x[i] * std::exp(-x[i] * x[i]);
  return f;
}

int main() {
  std::vector<double> x{0.3, -0.5, 1.2}, v{1.0, 0.5, -0.25};
  std::vector<double> g = tangent::grad<energy>()(x);
  double dir = tangent::jvp<energy>()(x, v);
  std::vector<double> hv = tangent::hvp<energy>()(x, v);
  auto rows = tangent::jacobian<forces>()(x, 2.0);
  double expected = g[0] * v[0] + g[1] * v[1] + g[2] * v[2];
  std::printf("%.12f %.12f %.12f %.12f\n", dir, expected, hv[0],
              std::get<0>(rows[1])[1]);
  return std::fabs(dir - expected) < 1e-12 ? 0 : 1;
}
