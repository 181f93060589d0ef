// New user, program 3: Heun's method (explicit trapezoid) for a small ODE.
//
// The state is a std::array<double, 2>; the right-hand side is a lambda
// returning std::array<double, 2>, called as `auto k1 = rhs(y);`. Written
// twice, as users do: inline in the time loop, and as a function template
// `heun_step(rhs, y, h)` taking the lambda. The gradient of an objective of
// the final state with respect to the parameters and the initial state,
// and the Jacobian of the flow map, are checked against central finite
// differences (test/e2e/check.hpp).
#include "../e2e/check.hpp"

#include <array>
#include <cmath>
#include <vector>

using State = std::array<double, 2>;

// A damped pendulum, inline loop.
double pendulum_energy_after(double omega, double damping, const State &y0,
                             double dt, int steps) {
  auto rhs = [&](const State &y) -> State {
    return {y[1], -omega * omega * std::sin(y[0]) - damping * y[1]};
  };
  State y = y0;
  for (int n = 0; n < steps; ++n) {
    auto k1 = rhs(y);
    State pred{y[0] + dt * k1[0], y[1] + dt * k1[1]};
    auto k2 = rhs(pred);
    y[0] += 0.5 * dt * (k1[0] + k2[0]);
    y[1] += 0.5 * dt * (k1[1] + k2[1]);
  }
  return 0.5 * y[1] * y[1] + omega * omega * (1.0 - std::cos(y[0]));
}

// The stepper as a reusable template.
template <class F> State heun_step(F rhs, const State &y, double h) {
  auto k1 = rhs(y);
  State pred;
  for (int i = 0; i < 2; ++i)
    pred[i] = y[i] + h * k1[i];
  auto k2 = rhs(pred);
  State next;
  for (int i = 0; i < 2; ++i)
    next[i] = y[i] + 0.5 * h * (k1[i] + k2[i]);
  return next;
}

// Van der Pol oscillator: the state after `steps` steps.
State van_der_pol(const State &y0, double mu, double dt, int steps) {
  auto rhs = [mu](const State &y) {
    return State{y[1], mu * (1.0 - y[0] * y[0]) * y[1] - y[0]};
  };
  State y = y0;
  for (int n = 0; n < steps; ++n)
    y = heun_step(rhs, y, dt);
  return y;
}

// A least-squares misfit of the Van der Pol trajectory against
// observations, sampled every `every` steps.
double misfit(const State &y0, double mu, const std::vector<double> &obs,
              double dt, int every) {
  auto rhs = [mu](const State &y) {
    return State{y[1], mu * (1.0 - y[0] * y[0]) * y[1] - y[0]};
  };
  State y = y0;
  double j = 0.0;
  for (double o : obs) {
    for (int n = 0; n < every; ++n)
      y = heun_step(rhs, y, dt);
    double d = y[0] - o;
    j += d * d;
  }
  return 0.5 * j;
}

// check.hpp's reference differences step by 2^-10 absolute for |x| < 1:
// 10% of a time step of 0.01, where the O(h^4) error of its Richardson
// extrapolation is 1e-4 relative after a few hundred steps (more than the
// tolerance). So derivatives with respect to the time step are checked
// against differences in u = dt / dt0 at u = 1 (a step of 2^-10 dt0), and
// the harness's own checks leave dt out with wrt.
template <class F> double fd_scaled(const F &f, double x0) {
  auto g = [&](double u) { return f(u * x0); };
  return tangent_test::fd_gradient(g, 1.0)[0] / x0;
}

std::vector<double> joined(std::vector<double> a, double b) {
  a.push_back(b);
  return a;
}

int main() {
  using namespace tangent_test;
  const State y0{0.8, -0.1};

  // Every parameter, dt included.
  auto de = tangent::grad<pendulum_energy_after>();
  check_near("pendulum/grad", de(2.0, 0.3, y0, 0.01, 200),
             joined(fd_gradient(
                        [](double om, double c, const State &y) {
                          return pendulum_energy_after(om, c, y, 0.01, 200);
                        },
                        2.0, 0.3, y0),
                    fd_scaled(
                        [&](double dt) {
                          return pendulum_energy_after(2.0, 0.3, y0, dt, 200);
                        },
                        0.01)));
  // The harness's checks (value, memory, pullback) without dt.
  constexpr auto no_dt = tangent::options{.wrt = tangent::wrt_params(0, 1, 2)};
  auto dp = tangent::grad<pendulum_energy_after, no_dt>();
  check("pendulum/grad wrt omega, damping, y0", dp, 2.0, 0.3, y0, 0.01, 200);
  check_value_and_grad("pendulum/value_and_grad", dp, 1.5, 0.1, y0, 0.02, 100);
  check_pullback("pendulum/pullback", dp, 1.5, 2.0, 0.3, y0, 0.01, 50);
  {
    // value_and_grad and pullback of the full request, dt included.
    auto [v, g] = de.value_and_grad(2.0, 0.3, y0, 0.01, 200);
    auto [go, gc, gy, gdt] = g;
    check_near("pendulum/value_and_grad value", v,
               pendulum_energy_after(2.0, 0.3, y0, 0.01, 200), value_tol);
    double dom = 0.5, dc = 0.0, ddt = 0.0;
    State dy{0.0, 0.0};
    de.pullback(2.0, 0.3, y0, 0.01, 200, &dom, &dc, dy, &ddt, 2.0);
    check_near("pendulum/pullback seed 2",
               std::vector<double>{dom, dc, dy[0], dy[1], ddt},
               std::vector<double>{0.5 + 2 * go, 2 * gc, 2 * gy[0], 2 * gy[1],
                                   2 * gdt},
               tight_tol);
  }

  // Only the initial state.
  auto dy0 = tangent::grad<pendulum_energy_after,
                           tangent::options{.wrt = tangent::wrt_params(2)}>();
  check("pendulum/grad wrt y0", dy0, 2.0, 0.3, y0, 0.01, 200);

  std::vector<double> obs{0.7, 0.3, -0.2, -0.6, -0.8};
  auto dm = tangent::grad<misfit>();
  check_near(
      "misfit/grad", dm(y0, 1.2, obs, 0.01, 40),
      joined(fd_gradient(
                 [](const State &y, double mu, const std::vector<double> &o) {
                   return misfit(y, mu, o, 0.01, 40);
                 },
                 y0, 1.2, obs),
             fd_scaled([&](double dt) { return misfit(y0, 1.2, obs, dt, 40); },
                       0.01)));
  auto dm3 =
      tangent::grad<misfit,
                    tangent::options{.wrt = tangent::wrt_params(0, 1, 2)}>();
  check("misfit/grad wrt y0, mu, obs", dm3, y0, 1.2, obs, 0.01, 40);

  // The Jacobian of the flow map y0 -> y(T) (and d/dmu, d/ddt).
  {
    auto J = tangent::jacobian<van_der_pol>()(y0, 1.2, 0.01, 150);
    check_true("van_der_pol/jacobian rows", J.size() == 2);
    for (std::size_t i = 0; i < J.size(); ++i) {
      auto yi = [i](const State &y, double mu) {
        return van_der_pol(y, mu, 0.01, 150)[i];
      };
      auto yi_dt = [&](double dt) { return van_der_pol(y0, 1.2, dt, 150)[i]; };
      auto [ry, rmu, rdt] = J[i];
      check_near("van_der_pol/jacobian row " + std::to_string(i),
                 std::tuple{ry, rmu, rdt},
                 joined(fd_gradient(yi, y0, 1.2), fd_scaled(yi_dt, 0.01)));
    }
  }
  return summary();
}
