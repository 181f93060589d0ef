// A long time integration differentiated within a memory budget given in
// bytes.
//
// Fisher-KPP reaction-diffusion on a ring of N = 128 cells,
//
//   du_i/dt = D (u_{i+1} - 2 u_i + u_{i-1}) / h^2 + r u_i (1 - u_i),
//
// explicit Euler for 50,000 steps. The quantity of interest is the misfit
// J = (1/N) sum_i (u_i(T) - target_i)^2; one reverse sweep gives dJ/du0 (N
// numbers) and dJ/dD. Taping every step would take about 150 MB; with
// `tangent::options{.memory_budget = 1'000'000}` the gradient call holds at
// most 1 MB (plus one step's tape): the time loop decides when it starts,
// from its trip count and the measured size of one step's tape and of one
// snapshot, how to be reversed within what is left (here sqrt(n) segments,
// with the last steps that also fit taped), and says so in
// tangent::stats::last_strategies().
//
// The program
//   1. checks the gradient against central finite differences,
//   2. checks it is bitwise equal to the gradient with
//      options{.checkpoint = true} (sqrt(n) segments, no budget), which is
//      bitwise equal to the fully taped one,
//   3. checks that the peak bytes stay within the budget.
//
//   build/bin/tangent-clang++ -O2 samples/long_integration/long_integration.cpp
//
// Exits with status 1 when a check fails.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

constexpr std::size_t N = 128;
constexpr long long budget_bytes = 1'000'000;

// The misfit after Steps explicit Euler steps from u0 with diffusion D.
template <int Steps>
double misfit(const std::vector<double> &u0, double D,
              const std::vector<double> &target) {
  const std::size_t n = u0.size();
  const double h = 1.0 / double(n), dt = 2e-6, r = 4.0;
  std::vector<double> u = u0;
  std::vector<double> next(n, 0.0);
  for (int t = 0; t < Steps; ++t) {
    for (std::size_t i = 0; i < n; ++i) {
      const double left = u[(i + n - 1) % n], right = u[(i + 1) % n];
      const double lap = (right - 2.0 * u[i] + left) / (h * h);
      next[i] = u[i] + dt * (D * lap + r * u[i] * (1.0 - u[i]));
    }
    for (std::size_t i = 0; i < n; ++i)
      u[i] = next[i];
  }
  double j = 0.0;
  for (std::size_t i = 0; i < n; ++i)
    j += (u[i] - target[i]) * (u[i] - target[i]);
  return j / double(n);
}

constexpr int steps = 50000;

int main() {
  std::vector<double> u0(N), target(N);
  for (std::size_t i = 0; i < N; ++i) {
    const double x = double(i) / double(N);
    u0[i] = 0.3 + 0.2 * std::sin(2.0 * M_PI * x);
    target[i] = 0.6 + 0.1 * std::cos(2.0 * M_PI * x);
  }
  const double D = 0.01;
  // Only u0 and D: the target is data.
  constexpr tangent::options budgeted{.wrt = tangent::wrt_params(0, 1),
                                      .memory_budget = budget_bytes};
  constexpr tangent::options segments{.checkpoint = true,
                                      .wrt = tangent::wrt_params(0, 1)};

  tangent::stats::reset();
  auto [J, grads] =
      tangent::grad<misfit<steps>, budgeted>().value_and_grad(u0, D, target);
  const std::size_t peak = tangent::stats::peak_bytes();
  const auto chosen = tangent::stats::last_strategies();
  const auto &[dJ_du0, dJ_dD] = grads;

  std::printf("Fisher-KPP, N = %zu cells, %d explicit Euler steps\n", N, steps);
  std::printf("J = %.12f\n", J);
  for (const tangent::loop_strategy &s : chosen)
    std::printf("%s: %s, %lld of %lld steps taped, %zu snapshots of %zu "
                "bytes, one step's tape %zu bytes\n",
                s.loop.c_str(), tangent::to_string(s.kind),
                static_cast<long long>(s.taped_steps),
                static_cast<long long>(s.trip_count), s.snapshots,
                s.state_bytes, s.step_tape_bytes);
  const std::size_t step_tape = chosen.empty() ? 0 : chosen[0].step_tape_bytes;
  const double full_tape = double(step_tape) * steps;
  std::printf("peak %zu bytes within a budget of %lld (a full tape: about "
              "%.0f MB)\n",
              peak, budget_bytes, full_tape / 1e6);

  // 1. Finite differences.
  const double eps = 1e-6;
  double worst = 0.0;
  auto report = [&](const char *name, double ad, double fd) {
    const double err = std::fabs(ad - fd) / std::fmax(1e-8, std::fabs(fd));
    worst = std::fmax(worst, err);
    std::printf("  %-10s tangent % .10e   finite differences % .10e\n", name,
                ad, fd);
  };
  for (std::size_t i : {std::size_t(0), std::size_t(37), N - 1}) {
    std::vector<double> up = u0, um = u0;
    up[i] += eps;
    um[i] -= eps;
    const double fd =
        (misfit<steps>(up, D, target) - misfit<steps>(um, D, target)) /
        (2 * eps);
    char name[32];
    std::snprintf(name, sizeof name, "dJ/du0[%zu]", i);
    report(name, dJ_du0[i], fd);
  }
  report("dJ/dD", dJ_dD,
         (misfit<steps>(u0, D + eps, target) -
          misfit<steps>(u0, D - eps, target)) /
             (2 * eps));
  const bool fd_ok = worst < 1e-5;
  std::printf("gradient check: worst relative error %.2e -> %s\n", worst,
              fd_ok ? "PASS" : "FAIL");

  // 2. Bitwise equal to sqrt(n) segments without a budget.
  const auto g_seg = tangent::grad<misfit<steps>, segments>()(u0, D, target);
  const bool same = std::get<0>(g_seg) == dJ_du0 && std::get<1>(g_seg) == dJ_dD;
  std::printf("budgeted gradient == checkpoint = true gradient (bitwise): %s\n",
              same ? "PASS" : "FAIL");

  // 3. Memory.
  const bool within = peak <= std::size_t(budget_bytes) + step_tape + 8192;
  std::printf("peak within the budget (+ one step's tape): %s\n",
              within ? "PASS" : "FAIL");
  return fd_ok && same && within && !chosen.empty() ? 0 : 1;
}
