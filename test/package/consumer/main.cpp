// Differentiated by the installed plugin (tangent_enable).
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

double potential(const std::vector<double> &q, double w) {
  double e = 0.0;
  for (std::size_t i = 0; i < q.size(); ++i)
    e += w * q[i] * q[i] + std::sin(q[i]);
  return e;
}

int main() {
  std::vector<double> q{0.5, -1.0, 2.0};
  double w = 1.5;
  auto [gq, gw] = tangent::grad<potential>()(q, w);
  bool ok = true;
  double expected_w = 0.0;
  for (std::size_t i = 0; i < q.size(); ++i) {
    ok = ok && std::fabs(gq[i] - (2 * w * q[i] + std::cos(q[i]))) < 1e-12;
    expected_w += q[i] * q[i];
  }
  ok = ok && std::fabs(gw - expected_w) < 1e-12;
  std::printf("consumer: d/dw = %.6f, gradient %s\n", gw, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
