// The demo: differentiate a 2000-step recurrence with tangent's plugin,
// check the gradient against central finite differences, and compare the
// tape memory with and without checkpointing.
//
//   build/bin/tangent-clang++ -O2 samples/demo/rollout.cpp -o rollout
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

// s_j <- tanh(1.01 s_j + x_j) for 2000 steps; the result is sum_j s_j.
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

int main() {
  const std::size_t n = 1000;
  std::vector<double> x(n);
  for (std::size_t j = 0; j < n; ++j)
    x[j] = 0.5 * std::sin(0.37 * double(j)) - 0.2;

  auto drollout = tangent::grad<rollout>();
  tangent::stats::reset();
  auto [value, gradient] = drollout.value_and_grad(x);
  std::size_t tape_bytes = tangent::stats::peak_bytes();

  // Central finite differences on a few components.
  double worst = 0;
  for (std::size_t j : {std::size_t(0), std::size_t(1), n / 2, n - 1}) {
    std::vector<double> xp = x, xm = x;
    const double h = 1e-6;
    xp[j] += h;
    xm[j] -= h;
    double fd = (rollout(xp) - rollout(xm)) / (2 * h);
    double err = std::fabs(fd - gradient[j]) / std::fmax(1.0, std::fabs(fd));
    worst = std::fmax(worst, err);
    std::printf("  d/dx[%4zu]  tangent % .10f   finite differences % .10f\n", j,
                gradient[j], fd);
  }
  std::printf("rollout(x) = %.10f over %zu inputs, 2000 steps\n", value, n);
  std::printf("gradient check: worst relative error %.2e -> %s\n", worst,
              worst < 1e-6 ? "PASS" : "FAIL");
  std::printf("tape memory: peak %.2f MB (%zu bytes)\n", tape_bytes / 1e6,
              tape_bytes);

  // The same gradient with sqrt(n) checkpointing of the 2000-step loop.
  auto drollout_ckpt =
      tangent::grad<rollout, tangent::options{.checkpoint = true}>();
  tangent::stats::reset();
  std::vector<double> gradient_ckpt = drollout_ckpt(x);
  std::size_t ckpt_bytes = tangent::stats::peak_bytes();
  bool same = gradient_ckpt == gradient;
  std::printf("checkpointed: peak %.2f MB (%zu bytes, %.1f%% less), gradient "
              "%s\n",
              ckpt_bytes / 1e6, ckpt_bytes,
              100.0 * (1.0 - double(ckpt_bytes) / double(tape_bytes)),
              same ? "bitwise identical" : "DIFFERENT");
  return worst < 1e-6 && same ? 0 : 1;
}
