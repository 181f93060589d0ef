// End-to-end: tangent::options. `wrt` subsets, `optimized = false` (same
// gradient, exactly), checkpointing (`checkpoint = true`,
// grad_with_checkpointing, `min_length`, `budget`, [[tangent::checkpoint]]):
// checkpointed gradients are bitwise identical to fully taped ones.
//
// Exact (==) comparisons between two generated gradients are skipped in
// self-test mode; every gradient is also checked against finite differences.
#include "check.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

using tangent::options;
using tangent::wrt_params;

double three(double a, double b, double c) {
  return a * b * c + a * a - std::sin(c) * b;
}

double mixed(double x, const std::vector<double> &w, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += w[i] * std::pow(x, i);
  return s;
}

double branchy(const std::vector<double> &v, double t) {
  double s = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] > 0.0)
      s += v[i] * t;
    else
      s -= t * t * v[i];
  }
  return s * s;
}

// W1 shape: a long counted loop (300 >= min_length) around an inner loop.
double rollout(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  for (int t = 0; t < 300; ++t)
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(0.9 * s[j] + x[j]);
  double r = 0.0;
  for (std::size_t j = 0; j < x.size(); ++j)
    r += s[j] * (j + 1.0);
  return r;
}

// A scalar state over 300 iterations (contractive, so FD is stable).
double damped(double r, double x0) {
  double x = x0;
  for (int i = 0; i < 300; ++i)
    x = 0.5 * x + 0.3 * std::sin(x + r);
  return x * x;
}

// 50 iterations: below the default min_length, eligible with min_length 10.
double short_loop(double x) {
  double y = x;
  for (int i = 0; i < 50; ++i)
    y = y - 0.1 * (y * y - x);
  return y;
}

// [[tangent::checkpoint]] forces checkpointing of the annotated loop; the
// twin without the attribute is fully taped.
double annotated_loop(double x) {
  double y = x;
  int k = 0;
  [[tangent::checkpoint]] while (k < 200) {
    y = 0.7 * y + 0.2 * std::cos(y + x);
    ++k;
  }
  return y;
}

double plain_loop(double x) {
  double y = x;
  int k = 0;
  while (k < 200) {
    y = 0.7 * y + 0.2 * std::cos(y + x);
    ++k;
  }
  return y;
}

// W3 shape: a loop of unknown trip count under an explicit budget.
double annotated_fixed_point(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  std::vector<double> next(x.size(), 0.0);
  double err = 1.0;
  [[tangent::checkpoint(8)]] while (err > 1e-10) {
    err = 0.0;
    for (std::size_t j = 0; j < x.size(); ++j) {
      next[j] = 0.5 * std::tanh(0.9 * s[j] + x[j]);
      err += std::fabs(next[j] - s[j]);
    }
    s = next;
  }
  double r = 0.0;
  for (std::size_t j = 0; j < s.size(); ++j)
    r += s[j] * s[j];
  return r;
}

double plain_fixed_point(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  std::vector<double> next(x.size(), 0.0);
  double err = 1.0;
  while (err > 1e-10) {
    err = 0.0;
    for (std::size_t j = 0; j < x.size(); ++j) {
      next[j] = 0.5 * std::tanh(0.9 * s[j] + x[j]);
      err += std::fabs(next[j] - s[j]);
    }
    s = next;
  }
  double r = 0.0;
  for (std::size_t j = 0; j < s.size(); ++j)
    r += s[j] * s[j];
  return r;
}

int main() {
  using namespace tangent_test;

  // wrt subsets.
  {
    auto df = tangent::grad<three, options{.wrt = wrt_params(0, 2)}>();
    static_assert(std::is_same_v<decltype(df(1.0, 2.0, 3.0)),
                                 std::tuple<double, double>>);
    check("three/wrt(0,2)", df, 0.7, -1.2, 0.4);
    // d/da = bc + 2a, d/dc = ab - b cos(c).
    auto [da, dc] = df(1.0, 2.0, 3.0);
    check_near("three/wrt(0,2)/analytic", std::tuple{da, dc},
               std::tuple{8.0, 2.0 - 2.0 * std::cos(3.0)});
    // pullback takes adjoints for the selected parameters only.
    double pa = 0.5, pc = 0.0;
    df.pullback(1.0, 2.0, 3.0, &pa, &pc);
    check_near("three/wrt(0,2)/pullback", std::tuple{pa, pc},
               std::tuple{8.5, 2.0 - 2.0 * std::cos(3.0)});
    check_pullback("three/wrt(0,2)/check_pullback", df, -2.0, 0.7, -1.2, 0.4);
  }
  {
    auto df = tangent::grad<three, options{.wrt = wrt_params(1)}>();
    static_assert(std::is_same_v<decltype(df(1.0, 2.0, 3.0)), double>);
    check("three/wrt(1)", df, 0.7, -1.2, 0.4);
  }
  {
    auto df = tangent::grad<mixed, options{.wrt = wrt_params(1)}>();
    static_assert(std::is_same_v<decltype(df(1.0, std::vector<double>{}, 0)),
                                 std::vector<double>>);
    check("mixed/wrt(1)", df, 0.5, std::vector<double>{1.0, 2.0, 3.0}, 3);
    check_value_and_grad("mixed/wrt(1)/value_and_grad", df, -0.8,
                         std::vector<double>{0.5, 1.5, -2.0, 1.0}, 4);
  }

  // optimized = false: the same gradient, exactly.
  {
    auto plain = tangent::grad<three>();
    auto unoptimized = tangent::grad<three, options{.optimized = false}>();
    check("three/unoptimized", unoptimized, 0.7, -1.2, 0.4);
    check_same("three/unoptimized==optimized", unoptimized(0.7, -1.2, 0.4),
               plain(0.7, -1.2, 0.4));
  }
  {
    const std::vector<double> v{0.5, -1.0, 2.0, -0.25, 1.5};
    auto plain = tangent::grad<branchy>();
    auto unoptimized = tangent::grad<branchy, options{.optimized = false}>();
    check("branchy", plain, v, 0.8);
    check("branchy/unoptimized", unoptimized, v, 0.8);
    check_same("branchy/unoptimized==optimized", unoptimized(v, 0.8),
               plain(v, 0.8));
  }

  // Checkpointing: bitwise identical to the full tape.
  const std::vector<double> x{0.3, -0.5, 0.8, 0.1, -0.2};
  {
    auto taped = tangent::grad<rollout>();
    auto ckpt = tangent::grad_with_checkpointing<rollout>();
    auto ckpt_opt = tangent::grad<rollout, options{.checkpoint = true}>();
    auto unoptimized = tangent::grad<rollout, options{.optimized = false}>();
    check("rollout", taped, x);
    check("rollout/checkpointed", ckpt, x);
    const auto reference = taped(x);
    check_same("rollout/grad_with_checkpointing==taped", ckpt(x), reference);
    check_same("rollout/checkpoint=true==taped", ckpt_opt(x), reference);
    check_same("rollout/unoptimized==optimized", unoptimized(x), reference);
    check_value_and_grad("rollout/checkpointed/value_and_grad", ckpt, x);
    check_pullback("rollout/checkpointed/pullback", ckpt, 1.5, x);
  }
  {
    auto taped = tangent::grad<damped>();
    auto ckpt = tangent::grad_with_checkpointing<damped>();
    check("damped", taped, 0.4, 1.2);
    check("damped/checkpointed", ckpt, 0.4, 1.2);
    check_same("damped/checkpointed==taped", ckpt(0.4, 1.2), taped(0.4, 1.2));
  }
  {
    auto taped = tangent::grad<short_loop>();
    auto below = tangent::grad<short_loop, options{.checkpoint = true}>();
    auto eligible = tangent::grad<short_loop, options{.checkpoint = true,
                                                      .min_length = 10}>();
    check("short_loop", taped, 1.7);
    check("short_loop/min_length=10", eligible, 1.7);
    check_same("short_loop/min_length=10==taped", eligible(1.7), taped(1.7));
    check_same("short_loop/not_eligible==taped", below(1.7), taped(1.7));
  }
  {
    auto annotated = tangent::grad<annotated_loop>();
    auto small_budget = tangent::grad<annotated_loop, options{.budget = 4}>();
    auto taped = tangent::grad<plain_loop>();
    check("annotated_loop", annotated, 0.9);
    check("plain_loop", taped, 0.9);
    check_same("annotated_loop==plain_loop", annotated(0.9), taped(0.9));
    check_same("annotated_loop/budget=4==plain_loop", small_budget(0.9),
               taped(0.9));
  }
  {
    auto annotated = tangent::grad<annotated_fixed_point>();
    auto taped = tangent::grad<plain_fixed_point>();
    check("annotated_fixed_point", annotated, x);
    check_same("annotated_fixed_point==plain_fixed_point", annotated(x),
               taped(x));
  }

  return summary();
}
