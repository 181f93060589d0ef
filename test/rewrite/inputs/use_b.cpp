// tangent-rewrite test input: second translation unit using model.h; checks
// both units' gradients against finite differences.
#include <tangent/tangent.hpp>

#include "model.h"

#include <cstdio>

std::vector<double> gradient_from_a(const std::vector<double> &x, double k);

int main() {
  std::vector<double> x{0.4, -0.2, 0.9, 1.3};
  double k = 1.7;
  auto [gx, gk] = tangent::grad<model::energy>()(x, k);
  gx.push_back(gk);
  std::vector<double> ga = gradient_from_a(x, k);
  int failures = 0;
  const double h = 1e-6;
  for (std::size_t i = 0; i <= x.size(); ++i) {
    std::vector<double> xp = x, xm = x;
    double kp = k, km = k;
    if (i < x.size()) {
      xp[i] += h;
      xm[i] -= h;
    } else {
      kp += h;
      km -= h;
    }
    double fd = (model::energy(xp, kp) - model::energy(xm, km)) / (2 * h);
    bool ok = std::fabs(gx[i] - fd) <= 1e-6 * std::fmax(1.0, std::fabs(fd)) &&
              ga[i] == gx[i];
    failures += !ok;
    std::printf("d%zu %.12e%s\n", i, gx[i], ok ? "" : "  MISMATCH");
  }
  return failures == 0 ? 0 : 1;
}
