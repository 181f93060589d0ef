// tangent-rewrite test input: loops with checkpointing requested (options,
// [[tangent::checkpoint]]), for the loop entries of the report.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>

double relax(double x, int steps) {
  double s = x;
  [[tangent::checkpoint]] for (int t = 0; t < steps; ++t)
    s = std::tanh(1.1 * s + x);
  double r = s;
  while (r > 0.01)
    r = 0.5 * r;
  return s + r;
}

double sweep(double a) {
  double acc = 0.0;
  for (int i = 0; i < 200; ++i)
    acc += std::sin(a * i * 0.01);
  return acc;
}

int main() {
  double g1 = tangent::grad<relax>()(0.3, 50);
  double g2 = tangent::grad<sweep, tangent::options{.checkpoint = true}>()(0.7);
  const double h = 1e-6;
  double f1 = (relax(0.3 + h, 50) - relax(0.3 - h, 50)) / (2 * h);
  double f2 = (sweep(0.7 + h) - sweep(0.7 - h)) / (2 * h);
  bool ok = std::fabs(g1 - f1) < 1e-6 && std::fabs(g2 - f2) < 1e-6;
  std::printf("%.12e %.12e %s\n", g1, g2, ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
