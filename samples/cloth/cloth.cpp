// A hanging cloth: a grid of point masses joined by springs, its top row
// pinned, falling under gravity (symplectic Euler, damped). The model is a
// class, written as simulation code is written; tangent differentiates its
// member functions directly.
//
//   1. Forces from an energy: tangent::grad<&Cloth::potential>() gives the
//      gradient of the potential energy with respect to every field of the
//      cloth, as a Cloth; its positions are minus the spring and gravity
//      forces, checked against the hand-written forces and against finite
//      differences.
//   2. Sensitivity of a simulation: how far the middle of the bottom edge
//      has fallen after 600 steps, as a function of the spring stiffness and
//      the initial state. The time loop is marked [[tangent::checkpoint]]:
//      the gradient is bitwise equal to the fully taped one (a twin without
//      the mark) with a fraction of its tape.
//   3. Design: the stiffness for which the cloth sags by a target amount,
//      found by Newton's method with the derivative from step 2.
//
//   build/bin/tangent-clang++ -O2 samples/cloth/cloth.cpp -o cloth && ./cloth
//
// Exits with status 1 when a check fails.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

class Cloth {
public:
  Cloth(int nx, int ny, double spacing) : nx_(nx), ny_(ny), rest_(spacing) {
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        x_.push_back(i * spacing);
        y_.push_back(-j * spacing);
      }
    vx_.assign(x_.size(), 0.0);
    vy_.assign(x_.size(), 0.0);
  }

  /// Spring energy plus gravitational energy.
  double potential() const {
    double e = 0.0;
    for (int j = 0; j < ny_; ++j)
      for (int i = 0; i < nx_; ++i) {
        int a = j * nx_ + i;
        e += mass_ * gravity_ * y_[a];
        if (i + 1 < nx_)
          e += springEnergy(a, a + 1);
        if (j + 1 < ny_)
          e += springEnergy(a, a + nx_);
      }
    return e;
  }

  /// One damped symplectic Euler step; the top row stays pinned.
  void step(double dt) {
    const int n = nx_ * ny_;
    std::vector<double> fx(n, 0.0), fy(n, 0.0);
    forces(fx, fy);
    for (int a = nx_; a < n; ++a) {
      vx_[a] = damping_ * vx_[a] + dt * fx[a] / mass_;
      vy_[a] = damping_ * vy_[a] + dt * fy[a] / mass_;
      x_[a] += dt * vx_[a];
      y_[a] += dt * vy_[a];
    }
  }

  /// Spring and gravity forces on every mass (minus the potential's
  /// gradient), written by hand.
  void forces(std::vector<double> &fx, std::vector<double> &fy) const {
    for (int j = 0; j < ny_; ++j)
      for (int i = 0; i < nx_; ++i) {
        int a = j * nx_ + i;
        fy[a] -= mass_ * gravity_;
        if (i + 1 < nx_)
          springForce(a, a + 1, fx, fy);
        if (j + 1 < ny_)
          springForce(a, a + nx_, fx, fy);
      }
  }

  double bottomMiddleHeight() const { return y_[(ny_ - 1) * nx_ + nx_ / 2]; }
  void setStiffness(double k) { stiffness_ = k; }
  double stiffness() const { return stiffness_; }
  int size() const { return nx_ * ny_; }
  double x(int a) const { return x_[a]; }
  double y(int a) const { return y_[a]; }
  void moveY(int a, double dy) { y_[a] += dy; }

private:
  double springEnergy(int a, int b) const {
    double dx = x_[b] - x_[a], dy = y_[b] - y_[a];
    double stretch = std::sqrt(dx * dx + dy * dy) - rest_;
    return 0.5 * stiffness_ * stretch * stretch;
  }
  void springForce(int a, int b, std::vector<double> &fx,
                   std::vector<double> &fy) const {
    double dx = x_[b] - x_[a], dy = y_[b] - y_[a];
    double len = std::sqrt(dx * dx + dy * dy);
    double f = stiffness_ * (len - rest_) / len;
    fx[a] += f * dx;
    fy[a] += f * dy;
    fx[b] -= f * dx;
    fy[b] -= f * dy;
  }

  int nx_, ny_;
  double rest_;
  double mass_ = 0.05;
  double gravity_ = 9.81;
  double stiffness_ = 40.0;
  double damping_ = 0.995;
  std::vector<double> x_, y_, vx_, vy_;
};

constexpr int kSteps = 600;
constexpr double kDt = 0.004;

// How far the middle of the bottom edge is after kSteps steps with spring
// stiffness k, measured from where it started.
double sag(const Cloth &start, double k) {
  Cloth c = start;
  c.setStiffness(k);
  [[tangent::checkpoint]] for (int t = 0; t < kSteps; ++t)
    c.step(kDt);
  return start.bottomMiddleHeight() - c.bottomMiddleHeight();
}

// The same simulation without the mark: its loop is fully taped.
double sag_taped(const Cloth &start, double k) {
  Cloth c = start;
  c.setStiffness(k);
  for (int t = 0; t < kSteps; ++t)
    c.step(kDt);
  return start.bottomMiddleHeight() - c.bottomMiddleHeight();
}

int main() {
  bool ok = true;
  const Cloth cloth(8, 6, 0.1);
  std::printf("cloth: 8 x 6 masses, %d steps of %.3f s\n", kSteps, kDt);

  // 1. Forces as minus the gradient of the potential energy.
  Cloth bent = cloth;
  for (int a = 8; a < bent.size(); ++a)
    bent.moveY(a, -0.002 * a); // stretch the springs a little
  auto dV = tangent::grad<&Cloth::potential>();
  const Cloth dcloth = dV(bent); // the gradient is a Cloth
  std::vector<double> fx(bent.size(), 0.0), fy(bent.size(), 0.0);
  bent.forces(fx, fy);
  double worst_force = 0.0, worst_fd = 0.0;
  for (int a = 0; a < bent.size(); ++a) {
    worst_force = std::fmax(worst_force, std::fabs(dcloth.x(a) + fx[a]));
    worst_force = std::fmax(worst_force, std::fabs(dcloth.y(a) + fy[a]));
  }
  for (int a : {9, 20, 47}) {
    const double h = 1e-6;
    Cloth up = bent, down = bent;
    up.moveY(a, h);
    down.moveY(a, -h);
    double fd = (up.potential() - down.potential()) / (2 * h);
    worst_fd = std::fmax(worst_fd, std::fabs(dcloth.y(a) - fd));
  }
  std::printf("1. forces = -grad potential: max |grad + hand force| %.1e, "
              "max |grad - finite difference| %.1e, d potential / d k = %.6f"
              " -> %s\n",
              worst_force, worst_fd, dcloth.stiffness(),
              worst_force < 1e-12 && worst_fd < 1e-6 ? "PASS" : "FAIL");
  ok &= worst_force < 1e-12 && worst_fd < 1e-6;

  // 2. Sensitivity of the sag, checkpointed and fully taped.
  const double k = 40.0;
  tangent::stats::reset();
  auto [s, grads] = tangent::grad<sag>().value_and_grad(cloth, k);
  const std::size_t tape_checkpointed = tangent::stats::peak_bytes();
  tangent::stats::reset();
  auto grads_taped = tangent::grad<sag_taped>()(cloth, k);
  const std::size_t tape_full = tangent::stats::peak_bytes();
  const auto &[d_start, d_k] = grads;
  const auto &[d_start_taped, d_k_taped] = grads_taped;
  bool bitwise = d_k == d_k_taped;
  for (int a = 0; a < cloth.size(); ++a)
    bitwise &= d_start.x(a) == d_start_taped.x(a) &&
               d_start.y(a) == d_start_taped.y(a);
  const double h = 1e-5;
  const double fd = (sag(cloth, k + h) - sag(cloth, k - h)) / (2 * h);
  const bool fd_ok =
      std::fabs(d_k - fd) <= 1e-6 * std::fmax(1.0, std::fabs(fd));
  std::printf("2. sag(k = %.0f) = %.6f m; d sag / d k = %.8f (finite "
              "differences %.8f) -> %s\n",
              k, s, d_k, fd, fd_ok ? "PASS" : "FAIL");
  std::printf("   checkpointed gradient %s the fully taped one; peak tape "
              "%.1f KB checkpointed, %.1f KB fully taped -> %s\n",
              bitwise ? "bitwise equal to" : "DIFFERS from",
              tape_checkpointed / 1e3, tape_full / 1e3,
              bitwise && tape_checkpointed < tape_full ? "PASS" : "FAIL");
  ok &= fd_ok && bitwise && tape_checkpointed < tape_full;

  // 3. The stiffness for a 5 cm sag: Newton's method on sag(k) = target
  // with the derivative from tangent, kept inside a bracket (bisection when
  // a Newton step would leave it).
  const double target = 0.05;
  double lo = 20.0, hi = 400.0, stiff = 100.0, miss = INFINITY;
  int iterations = 0;
  while (iterations < 60) {
    ++iterations;
    auto [value, g] = tangent::grad<sag>().value_and_grad(cloth, stiff);
    miss = value - target;
    if (std::fabs(miss) < 1e-10)
      break;
    (miss > 0 ? lo : hi) = stiff; // stiffer springs sag less
    double next = stiff - miss / std::get<1>(g);
    stiff = next > lo && next < hi ? next : 0.5 * (lo + hi);
  }
  const bool design_ok = std::fabs(miss) < 1e-10;
  std::printf("3. stiffness for a %.2f m sag: k = %.6f (sag %.10f m) after "
              "%d Newton steps -> %s\n",
              target, stiff, sag(cloth, stiff), iterations,
              design_ok ? "PASS" : "FAIL");
  ok &= design_ok;
  return ok ? 0 : 1;
}
