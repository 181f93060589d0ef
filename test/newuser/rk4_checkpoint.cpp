// New user, program 4: classical RK4 time stepping with a checkpointed
// time loop.
//
// The Lorenz-96 model on a std::vector<double> state, an RK4 step built
// from small vector helpers returning by value, and a time loop marked
// [[tangent::checkpoint]] (run-time step count: sqrt(n) segments), plus an
// integrate-until-time `while` loop marked [[tangent::checkpoint(8)]]
// (online checkpointing). The attribute forces checkpointing whatever the
// options say (docs/checkpointing.md), so the fully taped reference is the
// same driver without the attribute, sharing rk4_step; the checkpointed
// gradients must equal it bitwise (==), both must match central finite
// differences (test/e2e/check.hpp), and the checkpointed run must hold
// fewer tape bytes (tangent::stats).
#include "../e2e/check.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

using Vec = std::vector<double>;

Vec lorenz96(const Vec &x, double forcing) {
  const int n = static_cast<int>(x.size());
  Vec dx(n);
  for (int i = 0; i < n; ++i) {
    const double xp1 = x[(i + 1) % n];
    const double xm1 = x[(i + n - 1) % n];
    const double xm2 = x[(i + n - 2) % n];
    dx[i] = (xp1 - xm2) * xm1 - x[i] + forcing;
  }
  return dx;
}

// y + a * k
Vec axpy(double a, const Vec &k, const Vec &y) {
  Vec r(y.size());
  for (std::size_t i = 0; i < y.size(); ++i)
    r[i] = y[i] + a * k[i];
  return r;
}

Vec rk4_step(const Vec &x, double forcing, double dt) {
  Vec k1 = lorenz96(x, forcing);
  Vec k2 = lorenz96(axpy(0.5 * dt, k1, x), forcing);
  Vec k3 = lorenz96(axpy(0.5 * dt, k2, x), forcing);
  Vec k4 = lorenz96(axpy(dt, k3, x), forcing);
  Vec next(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    next[i] = x[i] + dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
  return next;
}

double energy(const Vec &x) {
  double e = 0.0;
  for (double v : x)
    e += 0.5 * v * v;
  return e;
}

// The checkpointed simulation.
double simulate(const Vec &x0, double forcing, double dt, int steps) {
  Vec x = x0;
  [[tangent::checkpoint]] for (int t = 0; t < steps; ++t) {
    x = rk4_step(x, forcing, dt);
  }
  return energy(x);
}

// The same simulation, fully taped.
double simulate_taped(const Vec &x0, double forcing, double dt, int steps) {
  Vec x = x0;
  for (int t = 0; t < steps; ++t) {
    x = rk4_step(x, forcing, dt);
  }
  return energy(x);
}

// Integrate until t_end (a while loop: online checkpointing).
double until(const Vec &x0, double forcing, double dt, double t_end) {
  Vec x = x0;
  double t = 0.0;
  [[tangent::checkpoint(8)]] while (t < t_end) {
    x = rk4_step(x, forcing, dt);
    t += dt;
  }
  return energy(x);
}

double until_taped(const Vec &x0, double forcing, double dt, double t_end) {
  Vec x = x0;
  double t = 0.0;
  while (t < t_end) {
    x = rk4_step(x, forcing, dt);
    t += dt;
  }
  return energy(x);
}

// Derivatives with respect to the time step: check.hpp's reference step is
// 2^-10 absolute for |x| < 1, too coarse around dt = 0.01 for its
// tolerance, so they are checked against differences in u = dt / dt0.
template <class F> double fd_scaled(const F &f, double x0) {
  auto g = [&](double u) { return f(u * x0); };
  return tangent_test::fd_gradient(g, 1.0)[0] / x0;
}

int main() {
  using namespace tangent_test;
  Vec x0(8);
  for (std::size_t i = 0; i < x0.size(); ++i)
    x0[i] = 1.0 + 0.3 * std::sin(1.3 * i);
  const double forcing = 3.0, dt = 0.01;
  const int steps = 400;

  // Every parameter: checkpointed == fully taped, bitwise.
  auto dc = tangent::grad<simulate>();
  auto dt_ = tangent::grad<simulate_taped>();
  tangent::stats::reset();
  auto gc = dc(x0, forcing, dt, steps);
  const std::size_t peak_ckpt = tangent::stats::peak_bytes();
  tangent::stats::reset();
  auto gt = dt_(x0, forcing, dt, steps);
  const std::size_t peak_taped = tangent::stats::peak_bytes();
  check_same("simulate/checkpointed == taped", gc, gt);
  check_true("simulate/checkpointed holds fewer bytes", peak_ckpt < peak_taped,
             "peak " + std::to_string(peak_ckpt) + " bytes checkpointed, " +
                 std::to_string(peak_taped) + " taped");
  std::printf("  (peak tape: %zu bytes checkpointed, %zu fully taped)\n",
              peak_ckpt, peak_taped);
  {
    auto [v1, g1] = dc.value_and_grad(x0, forcing, dt, steps);
    auto [v2, g2] = dt_.value_and_grad(x0, forcing, dt, steps);
    check_same("simulate/value_and_grad checkpointed == taped",
               std::tuple{v1, g1}, std::tuple{v2, g2});
    Vec dx1(x0.size(), 0.25), dx2(x0.size(), 0.25);
    double df1 = 0.25, df2 = 0.25, ddt1 = 0.0, ddt2 = 0.0;
    dc.pullback(x0, forcing, dt, steps, dx1, &df1, &ddt1, 1.5);
    dt_.pullback(x0, forcing, dt, steps, dx2, &df2, &ddt2, 1.5);
    check_same("simulate/pullback checkpointed == taped",
               std::tuple{dx1, df1, ddt1}, std::tuple{dx2, df2, ddt2});
  }

  // Against finite differences: x0 and the forcing through the harness,
  // dt by scaled differences.
  constexpr auto no_dt = tangent::options{.wrt = tangent::wrt_params(0, 1)};
  check("simulate/grad wrt x0, forcing", tangent::grad<simulate, no_dt>(), x0,
        forcing, dt, steps);
  check("simulate_taped/grad wrt x0, forcing",
        tangent::grad<simulate_taped, no_dt>(), x0, forcing, dt, steps);
  check_pullback("simulate/pullback wrt x0, forcing",
                 tangent::grad<simulate, no_dt>(), 0.5, x0, forcing, dt, 120);
  check_near(
      "simulate/d dt", std::get<2>(gc),
      fd_scaled([&](double h) { return simulate(x0, forcing, h, steps); }, dt));

  // The while loop, online checkpointing. Its step count depends on dt and
  // t_end: t_end = 2.025 stays 0.025 away from the end of step 40 and 41,
  // so the differences do not change it (d/dt_end is 0).
  {
    auto du = tangent::grad<until>();
    auto dut = tangent::grad<until_taped>();
    auto g1 = du(x0, forcing, 0.05, 2.025);
    auto g2 = dut(x0, forcing, 0.05, 2.025);
    check_same("until/checkpointed == taped", g1, g2);
    constexpr auto no_step =
        tangent::options{.wrt = tangent::wrt_params(0, 1, 3)};
    check("until/grad wrt x0, forcing, t_end", tangent::grad<until, no_step>(),
          x0, forcing, 0.05, 2.025);
    check("until_taped/grad wrt x0, forcing, t_end",
          tangent::grad<until_taped, no_step>(), x0, forcing, 0.05, 2.025);
    check_near("until/d dt", std::get<2>(g1),
               fd_scaled([&](double h) { return until(x0, forcing, h, 2.025); },
                         0.05));
  }
  return summary();
}
