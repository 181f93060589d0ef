// W1 (docs/benchmarks.md) at a small size: full tape and sqrt(n) segments.
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>

double rollout(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  for (int t = 0; t < 2000; ++t)
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(s[j] * 1.01 + x[j]);
  double r = 0;
  for (std::size_t j = 0; j < x.size(); ++j)
    r += s[j];
  return r;
}

auto drollout = tangent::grad<rollout>();
auto drollout_ckpt = tangent::grad<rollout, tangent::options{.checkpoint = true}>();
