// Rewritten by tangent-rewrite, then built by any C++20 compiler. The
// gradients are checked against central finite differences, so that the
// test can edit the functions.
#include <tangent/tangent.hpp>

#include "model.h"

#include <cmath>
#include <cstdio>
#include <vector>

double potential(const std::vector<double> &q, double w) {
  double e = 0.0;
  for (std::size_t i = 0; i < q.size(); ++i)
    e += w * q[i] * q[i] + std::sin(q[i]); // EDIT-MAIN
  return e;
}

namespace {

bool close(double got, double expected) {
  return std::fabs(got - expected) <= 1e-6 * std::fmax(1.0, std::fabs(expected));
}

} // namespace

int main() {
  const double h = 1e-6;
  std::vector<double> q{0.5, -1.0, 2.0};
  double w = 1.5;
  auto [gq, gw] = tangent::grad<potential>()(q, w);
  bool ok = close(gw, (potential(q, w + h) - potential(q, w - h)) / (2 * h));
  for (std::size_t i = 0; i < q.size(); ++i) {
    std::vector<double> up = q, down = q;
    up[i] += h;
    down[i] -= h;
    ok = ok && close(gq[i], (potential(up, w) - potential(down, w)) / (2 * h));
  }
  auto [gx, gk] = tangent::grad<model::spring>()(0.7, 2.0);
  ok = ok && close(gx, (model::spring(0.7 + h, 2.0) - model::spring(0.7 - h, 2.0)) / (2 * h));
  ok = ok && close(gk, (model::spring(0.7, 2.0 + h) - model::spring(0.7, 2.0 - h)) / (2 * h));
  std::printf("checked: gradient %s\n", ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
