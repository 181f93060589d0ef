// ODE sensitivity: how does the energy of a Lorenz-96 system at a final time
// depend on its initial state and on its forcing?
//
//   du_i/dt = (u_{i+1} - u_{i-2}) u_{i-1} - u_i + F,   i = 0..N-1, cyclic,
//
// integrated with classic RK4 (dt = 0.01). The quantity of interest is the
// mean energy E = (1/2N) sum_i u_i(T)^2. One reverse sweep of
// tangent::grad<energy<T>> gives dE/du0 (N numbers) and dE/dF together.
//
// The program
//   1. checks the gradient against central finite differences (T = 200),
//   2. shows that checkpointing (tangent::options{.checkpoint = true}) gives
//      the bitwise identical gradient while holding much less tape,
//   3. prints how the sensitivity grows with the horizon (chaos).
//
//   build/bin/tangent-clang++ -O2 samples/ode_sensitivity/ode_sensitivity.cpp
//
// Exits with status 1 when a check fails.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

constexpr std::size_t N = 40; // number of sites on the ring

// Right-hand side of Lorenz-96. The cyclic neighbours of the first two and the
// last site are written out, so the main loop needs no modulo.
void l96_rhs(const std::vector<double> &u, double F, std::vector<double> &du) {
  const std::size_t n = u.size();
  du[0] = (u[1] - u[n - 2]) * u[n - 1] - u[0] + F;
  du[1] = (u[2] - u[n - 1]) * u[0] - u[1] + F;
  for (std::size_t i = 2; i < n - 1; ++i)
    du[i] = (u[i + 1] - u[i - 2]) * u[i - 1] - u[i] + F;
  du[n - 1] = (u[0] - u[n - 3]) * u[n - 2] - u[n - 1] + F;
}

// One classic Runge-Kutta step of size dt, in place.
void rk4_step(std::vector<double> &u, double F, double dt) {
  const std::size_t n = u.size();
  std::vector<double> k1(n, 0.0), k2(n, 0.0), k3(n, 0.0), k4(n, 0.0);
  std::vector<double> tmp(n, 0.0);
  l96_rhs(u, F, k1);
  for (std::size_t i = 0; i < n; ++i)
    tmp[i] = u[i] + 0.5 * dt * k1[i];
  l96_rhs(tmp, F, k2);
  for (std::size_t i = 0; i < n; ++i)
    tmp[i] = u[i] + 0.5 * dt * k2[i];
  l96_rhs(tmp, F, k3);
  for (std::size_t i = 0; i < n; ++i)
    tmp[i] = u[i] + dt * k3[i];
  l96_rhs(tmp, F, k4);
  for (std::size_t i = 0; i < n; ++i)
    u[i] = u[i] + dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
}

// The function we differentiate: integrate Steps RK4 steps from u0 with
// forcing F and return the mean energy of the final state. Steps is a
// template parameter, so the time loop has a constant trip count, which is
// what segment checkpointing needs.
template <int Steps> double energy(const std::vector<double> &u0, double F) {
  const double dt = 0.01;
  std::vector<double> u = u0;
  for (int t = 0; t < Steps; ++t)
    rk4_step(u, F, dt);
  double e = 0.0;
  for (std::size_t i = 0; i < u.size(); ++i)
    e += u[i] * u[i];
  return 0.5 * e / double(u.size());
}

int main() {
  const double F = 8.0; // the classic chaotic regime

  // A point on the attractor: perturb the fixed point u = F at one site and
  // spin up for 1000 steps (plain C++, nothing differentiated here).
  std::vector<double> u0(N, F);
  u0[N / 2] += 0.01;
  for (int t = 0; t < 1000; ++t)
    rk4_step(u0, F, 0.01);

  // 1. Gradient at T = 200 (t = 2 time units) against finite differences.
  auto dE = tangent::grad<energy<200>>();
  tangent::stats::reset();
  auto [E, grads] = dE.value_and_grad(u0, F);
  const std::size_t tape_full = tangent::stats::peak_bytes();
  const auto &[dE_du0, dE_dF] = grads;

  std::printf("Lorenz-96, N = %zu, F = %.1f, RK4 dt = 0.01, T = 200 steps\n", N,
              F);
  std::printf("E(T) = %.10f\n", E);
  const double h = 1e-6;
  double worst = 0.0;
  auto report = [&](const char *name, double ad, double fd) {
    double err = std::fabs(ad - fd) / std::fmax(1.0, std::fabs(fd));
    worst = std::fmax(worst, err);
    std::printf("  %-10s tangent % .10e   finite differences % .10e\n", name,
                ad, fd);
  };
  for (std::size_t i : {std::size_t(0), std::size_t(7), N / 2, N - 1}) {
    std::vector<double> up = u0, um = u0;
    up[i] += h;
    um[i] -= h;
    double fd = (energy<200>(up, F) - energy<200>(um, F)) / (2 * h);
    char name[32];
    std::snprintf(name, sizeof name, "dE/du0[%zu]", i);
    report(name, dE_du0[i], fd);
  }
  report("dE/dF", dE_dF,
         (energy<200>(u0, F + h) - energy<200>(u0, F - h)) / (2 * h));
  const bool fd_ok = worst < 1e-6;
  std::printf("gradient check: worst relative error %.2e -> %s\n", worst,
              fd_ok ? "PASS" : "FAIL");

  // 2. The same gradient with segment checkpointing of the time loop: only
  // about sqrt(200) states are stored, the rest is recomputed.
  auto dE_ckpt =
      tangent::grad<energy<200>, tangent::options{.checkpoint = true}>();
  tangent::stats::reset();
  auto [E_c, grads_c] = dE_ckpt.value_and_grad(u0, F);
  const std::size_t tape_ckpt = tangent::stats::peak_bytes();
  const auto &[dE_du0_c, dE_dF_c] = grads_c;
  bool identical = E_c == E && dE_dF_c == dE_dF && dE_du0_c == dE_du0;
  std::printf("checkpointed gradient: %s the full-tape one\n",
              identical ? "bitwise identical to" : "DIFFERENT from");
  std::printf(
      "peak tape: full %zu bytes, checkpointed %zu bytes (%.1fx less)\n",
      tape_full, tape_ckpt, double(tape_full) / double(tape_ckpt));
  const bool memory_ok = tape_ckpt < tape_full;

  // 3. Sensitivity grows exponentially with the horizon: the size of dE/du0
  // over longer integrations (checkpointed, so memory stays small).
  auto norm = [](const std::vector<double> &g) {
    double s = 0.0;
    for (double v : g)
      s += v * v;
    return std::sqrt(s);
  };
  auto d500 =
      tangent::grad<energy<500>, tangent::options{.checkpoint = true}>();
  auto d1000 =
      tangent::grad<energy<1000>, tangent::options{.checkpoint = true}>();
  auto [g500, dF500] = d500(u0, F);
  auto [g1000, dF1000] = d1000(u0, F);
  std::printf("|dE/du0|: T = 200: %.3e   T = 500: %.3e   T = 1000: %.3e\n",
              norm(dE_du0), norm(g500), norm(g1000));
  std::printf("dE/dF:    T = 200: % .3e  T = 500: % .3e  T = 1000: % .3e\n",
              dE_dF, dF500, dF1000);
  // Growth rate between t = 2 and t = 10: an estimate of the leading Lyapunov
  // exponent (about 1.7 per time unit for N = 40, F = 8).
  std::printf("growth rate of |dE/du0|: %.2f per time unit\n",
              std::log(norm(g1000) / norm(dE_du0)) / 8.0);

  const bool ok = fd_ok && identical && memory_ok;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
