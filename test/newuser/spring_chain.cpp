// New user, program 1: the potential energy of a chain of springs.
//
// Point masses in the plane, their coordinates interleaved in one
// std::vector<double> (x0, y0, x1, y1, ...), consecutive points joined by
// springs of stiffness k and rest length L, under gravity, the first point
// pinned by a stiff spring to the origin. Plain loops over the points.
// Checked against central finite differences (test/e2e/check.hpp): the
// gradient (the negative forces), value_and_grad, pullback, per-spring
// stiffnesses, and the Jacobian of the force vector (the negative Hessian).
#include "../e2e/check.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

double spring_energy(double dx, double dy, double k, double rest) {
  const double len = std::sqrt(dx * dx + dy * dy);
  const double stretch = len - rest;
  return 0.5 * k * stretch * stretch;
}

double chain_energy(const std::vector<double> &pos, double k, double rest,
                    double mass) {
  const std::size_t n = pos.size() / 2;
  const double g = 9.81;
  double e = 0.0;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const double dx = pos[2 * (i + 1)] - pos[2 * i];
    const double dy = pos[2 * (i + 1) + 1] - pos[2 * i + 1];
    e += spring_energy(dx, dy, k, rest);
  }
  for (std::size_t i = 0; i < n; ++i)
    e += mass * g * pos[2 * i + 1];
  // The anchor: a stiff spring to the origin.
  e += 0.5 * 1000.0 * (pos[0] * pos[0] + pos[1] * pos[1]);
  return e;
}

// Each spring with its own stiffness.
double chain_energy_k(const std::vector<double> &pos,
                      const std::vector<double> &stiffness, double rest) {
  double e = 0.0;
  for (std::size_t i = 0; i < stiffness.size(); ++i) {
    double dx = pos[2 * i + 2] - pos[2 * i];
    double dy = pos[2 * i + 3] - pos[2 * i + 1];
    double len = std::sqrt(dx * dx + dy * dy);
    e += 0.5 * stiffness[i] * (len - rest) * (len - rest);
  }
  return e;
}

// The spring forces on every coordinate (minus the gradient of the spring
// part of the energy), written out by hand, as a simulation would.
std::vector<double> spring_forces(const std::vector<double> &pos, double k,
                                  double rest) {
  std::vector<double> f(pos.size(), 0.0);
  const std::size_t n = pos.size() / 2;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    double dx = pos[2 * i + 2] - pos[2 * i];
    double dy = pos[2 * i + 3] - pos[2 * i + 1];
    double len = std::sqrt(dx * dx + dy * dy);
    double t = k * (len - rest) / len;
    f[2 * i] += t * dx;
    f[2 * i + 1] += t * dy;
    f[2 * i + 2] -= t * dx;
    f[2 * i + 3] -= t * dy;
  }
  return f;
}

int main() {
  using namespace tangent_test;
  std::vector<double> pos;
  for (int i = 0; i < 6; ++i) {
    pos.push_back(0.9 * i + 0.05 * std::sin(1.7 * i));
    pos.push_back(-0.3 * i + 0.1 * std::cos(0.9 * i));
  }

  auto de = tangent::grad<chain_energy>();
  check("chain_energy/grad", de, pos, 40.0, 0.8, 0.25);
  check_value_and_grad("chain_energy/value_and_grad", de, pos, 40.0, 0.8, 0.25);
  check_pullback("chain_energy/pullback", de, 0.5, pos, 40.0, 0.8, 0.25);

  // As a user writes it: the forces are minus the position gradient.
  {
    auto [gpos, gk, grest, gmass] = de(pos, 40.0, 0.8, 0.25);
    std::vector<double> by_hand = spring_forces(pos, 40.0, 0.8);
    std::vector<double> minus_grad_springs(pos.size());
    const std::size_t n = pos.size() / 2;
    for (std::size_t i = 0; i < pos.size(); ++i)
      minus_grad_springs[i] = -gpos[i];
    // Take gravity and the anchor out again.
    for (std::size_t i = 0; i < n; ++i)
      minus_grad_springs[2 * i + 1] += 0.25 * 9.81;
    minus_grad_springs[0] += 1000.0 * pos[0];
    minus_grad_springs[1] += 1000.0 * pos[1];
    check_near("chain_energy/grad == -forces", minus_grad_springs, by_hand,
               {1e-9, 1e-9});
    (void)gk;
    (void)grest;
    (void)gmass;
  }

  std::vector<double> stiffness{30.0, 35.0, 40.0, 45.0, 50.0};
  auto dk = tangent::grad<chain_energy_k>();
  check("chain_energy_k/grad", dk, pos, stiffness, 0.8);

  // Only the positions: options{.wrt}.
  auto dpos = tangent::grad<chain_energy_k,
                            tangent::options{.wrt = tangent::wrt_params(0)}>();
  check("chain_energy_k/grad wrt pos", dpos, pos, stiffness, 0.8);

  // The Jacobian of the forces, row i against finite differences of
  // spring_forces(...)[i].
  {
    auto J = tangent::jacobian<spring_forces>()(pos, 40.0, 0.8);
    bool ok = J.size() == pos.size();
    check_true("spring_forces/jacobian rows", ok);
    for (std::size_t i = 0; ok && i < pos.size(); ++i) {
      auto fi = [i](const std::vector<double> &p, double k, double r) {
        return spring_forces(p, k, r)[i];
      };
      auto [rp, rk, rr] = J[i];
      check_near("spring_forces/jacobian row " + std::to_string(i),
                 std::tuple{rp, rk, rr}, fd_gradient(fi, pos, 40.0, 0.8));
    }
  }
  return summary();
}
