// tangent-rewrite test input: one translation unit, f and its callee in the
// main file. Prints the gradient and checks it against finite differences.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

namespace sim {
double damp(double v, double c) { return v * std::exp(-c * v * v); }

double loss(const std::vector<double> &x, double c) {
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    double v = damp(x[i], c);
    s += v * v + std::sin(x[i]) * c; // EDIT-ME
  }
  return s;
}
} // namespace sim

int main() {
  std::vector<double> x{0.3, -0.7, 1.1, 0.25};
  double c = 0.8;
  int failures = 0;
  auto check = [&](const char *what, double got, double expected) {
    bool ok = std::fabs(got - expected) <= 1e-6 * std::fmax(1.0, std::fabs(expected));
    failures += !ok;
    std::printf("%s %.12e%s\n", what, got, ok ? "" : "  MISMATCH");
  };
  const double h = 1e-6;
  auto [gx, gc] = tangent::grad<sim::loss>()(x, c); // REQUEST
  for (std::size_t i = 0; i < x.size(); ++i) { // REQUEST
    std::vector<double> xp = x, xm = x; // REQUEST
    xp[i] += h; // REQUEST
    xm[i] -= h; // REQUEST
    check("dx", gx[i], (sim::loss(xp, c) - sim::loss(xm, c)) / (2 * h)); // REQUEST
  } // REQUEST
  check("dc", gc, (sim::loss(x, c + h) - sim::loss(x, c - h)) / (2 * h)); // REQUEST
  std::printf("loss %.12e\n", sim::loss(x, c));
  return failures == 0 ? 0 : 1;
}
