// An inverse problem: recover the diffusion coefficient of a rod from noisy
// temperature measurements.
//
// The temperature u(x, t) on [0, 1] follows the heat equation
//
//   u_t = kappa u_xx,   u(0, t) = u(1, t) = 0,   u(x, 0) = u0(x) (known),
//
// discretised with explicit finite differences (49 interior points, 500
// steps of dt = 1e-4). Seven sensors record u every 100 steps; the
// measurements carry 1% noise. Given them, we estimate kappa by minimising
// the misfit
//
//   J(kappa) = 1/2 sum_k (u_model,k(kappa) - u_observed,k)^2
//
// with gradient descent on log(kappa) (which keeps kappa positive) and a
// backtracking line search. tangent::grad<misfit> differentiates through
// all 500 time steps of the solver.
//
//   build/bin/tangent-clang++ -O2 samples/heat_inverse/heat_inverse.cpp
//
// The same file also builds without the plugin once tangent-rewrite has
// written the adjoint into it (see samples/README.md).
//
// Exits with status 1 unless the recovered kappa is within 5% of the truth
// and the misfit decreased.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

constexpr int NX = 49;                // interior grid points
constexpr double DX = 1.0 / (NX + 1); // grid spacing
constexpr double DT = 1e-4;           // time step (stable for kappa < 2)
constexpr int STEPS = 500;            // final time 0.05
constexpr int OBS_EVERY = 100;        // sensors record every 100 steps
constexpr int SENSOR_FIRST = 3;       // sensors at grid points 3, 10, ...
constexpr int SENSOR_STRIDE = 7;      // ... 45: seven of them
constexpr double PI = 3.14159265358979323846;

// One explicit Euler step of the discrete heat equation, in place.
void heat_step(std::vector<double> &u, double kappa) {
  const double r = kappa * DT / (DX * DX);
  std::vector<double> un(NX, 0.0);
  un[0] = u[0] + r * (u[1] - 2.0 * u[0]);
  for (int j = 1; j < NX - 1; ++j)
    un[j] = u[j] + r * (u[j + 1] - 2.0 * u[j] + u[j - 1]);
  un[NX - 1] = u[NX - 1] + r * (u[NX - 2] - 2.0 * u[NX - 1]);
  for (int j = 0; j < NX; ++j)
    u[j] = un[j];
}

// The initial temperature profile (known): a bump off centre plus a faster
// mode, so that both slow and fast decay carry information about kappa.
double initial_temperature(int j) {
  const double x = (j + 1) * DX;
  return std::sin(PI * x) + 0.5 * std::sin(3.0 * PI * x);
}

// Run the model and compare it with the observations (sensor readings in
// time order). This is the function we differentiate, with respect to kappa
// only (parameter 0).
double misfit(double kappa, const std::vector<double> &observed) {
  std::vector<double> u(NX, 0.0);
  for (int j = 0; j < NX; ++j)
    u[j] = initial_temperature(j);
  double J = 0.0;
  int k = 0;
  for (int t = 1; t <= STEPS; ++t) {
    heat_step(u, kappa);
    if (t % OBS_EVERY == 0) {
      for (int j = SENSOR_FIRST; j < NX; j += SENSOR_STRIDE) {
        const double e = u[j] - observed[k];
        J += 0.5 * e * e;
        ++k;
      }
    }
  }
  return J;
}

// Synthetic measurements: the model run with the true kappa, plus noise of
// standard deviation `sigma` (deterministic: an LCG and 12 uniforms).
std::vector<double> observe(double kappa, double sigma) {
  std::uint64_t state = 12345;
  auto uniform = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return double(state >> 11) * 0x1.0p-53;
  };
  std::vector<double> u(NX), obs;
  for (int j = 0; j < NX; ++j)
    u[j] = initial_temperature(j);
  for (int t = 1; t <= STEPS; ++t) {
    heat_step(u, kappa);
    if (t % OBS_EVERY == 0)
      for (int j = SENSOR_FIRST; j < NX; j += SENSOR_STRIDE) {
        double z = -6.0;
        for (int i = 0; i < 12; ++i)
          z += uniform();
        obs.push_back(u[j] + sigma * z);
      }
  }
  return obs;
}

int main() {
  const double kappa_true = 0.4;
  const std::vector<double> obs = observe(kappa_true, 0.01);
  std::printf("1-D heat equation, %d points, %d steps; %zu noisy measurements "
              "(sigma = 0.01), true kappa = %.3f\n",
              NX, STEPS, obs.size(), kappa_true);

  auto dJ =
      tangent::grad<misfit, tangent::options{.wrt = tangent::wrt_params(0)}>();

  // Gradient check at the starting point.
  double kappa = 1.2;
  const double h = 1e-6;
  const double fd = (misfit(kappa + h, obs) - misfit(kappa - h, obs)) / (2 * h);
  const double g0 = dJ(kappa, obs);
  const bool grad_ok =
      std::fabs(g0 - fd) <= 1e-6 * std::fmax(1.0, std::fabs(fd));
  std::printf("dJ/dkappa at kappa = %.2f: tangent % .10e, finite differences "
              "% .10e -> %s\n",
              kappa, g0, fd, grad_ok ? "PASS" : "FAIL");

  // Gradient descent on theta = log(kappa): dJ/dtheta = kappa dJ/dkappa.
  // Backtracking: halve the step until the misfit decreases enough (Armijo),
  // and try a larger step again after each success.
  double theta = std::log(kappa);
  double J = misfit(kappa, obs);
  const double J_initial = J;
  double step = 1.0;
  int it = 0;
  std::printf("  iter %2d   kappa %.6f   misfit %.6e\n", it, kappa, J);
  for (it = 1; it <= 60; ++it) {
    auto [J_now, dJ_dkappa] = dJ.value_and_grad(std::exp(theta), obs);
    const double g = std::exp(theta) * dJ_dkappa;
    if (std::fabs(g) < 1e-10)
      break;
    double trial_theta = theta, trial_J = J_now;
    for (int halvings = 0; halvings < 40; ++halvings) {
      trial_theta = theta - step * g;
      // Stay within the explicit scheme's stability limit (kappa < 2).
      if (trial_theta < std::log(2.0)) {
        trial_J = misfit(std::exp(trial_theta), obs);
        if (trial_J <= J_now - 1e-4 * step * g * g)
          break;
      }
      step *= 0.5;
    }
    theta = trial_theta;
    J = trial_J;
    step *= 2.0;
    if (it % 5 == 0 || it < 5)
      std::printf("  iter %2d   kappa %.6f   misfit %.6e\n", it,
                  std::exp(theta), J);
    if (J_now - J < 1e-14 * J_now)
      break;
  }
  kappa = std::exp(theta);

  const double rel = std::fabs(kappa - kappa_true) / kappa_true;
  std::printf("recovered kappa = %.6f after %d iterations (true %.3f, error "
              "%.2f%%)\n",
              kappa, it, kappa_true, 100.0 * rel);
  std::printf("misfit %.6e -> %.6e (at the true kappa: %.6e, the noise "
              "floor)\n",
              J_initial, J, misfit(kappa_true, obs));
  const bool ok = grad_ok && rel < 0.05 && J < J_initial;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
