// Branches, a callee with an output parameter, a custom derivative.
#include <tangent/tangent.hpp>
#include <cmath>

double softplus(double x) { return std::log1p(std::exp(x)); }
namespace tangent::custom {
inline void softplus_pullback(double x, double *d_x, double d_result) {
  *d_x += d_result / (1 + std::exp(-x));
}
} // namespace tangent::custom

void scale(double a, double &out) { out = out * a + std::sin(a); }

double model(double x, double y, int mode) {
  double z = x * y;
  if (mode > 0 && z > 1.0)
    z = std::sqrt(z);
  else
    z = z * z;
  scale(x, z);
  return softplus(z) + (mode == 2 ? y : -y);
}

auto dmodel = tangent::grad<model>();
