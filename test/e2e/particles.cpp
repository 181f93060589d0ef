// End-to-end: containers of objects (issue "Real C++"): std::vector<Particle>
// and std::array<Vec2, N> as parameters (their gradients of the same type),
// locals, fields of objects, elements read and written (`ps[i].x`,
// `ps[i] = p`), range-for by reference and by value, references to elements
// and to their fields, elements passed to callees and member functions
// called on them, and an N-body step in a checkpointed loop (bitwise equal
// to the fully taped one). Each gradient is checked against finite
// differences.
#include "check.hpp"

#include <array>
#include <cmath>
#include <tuple>
#include <vector>

struct Particle {
  double x, y, vx, vy, m;
  double kinetic() const { return 0.5 * m * (vx * vx + vy * vy); }
  void damp(double f) {
    vx *= f;
    vy *= f;
  }
};

struct Vec2 {
  double x, y;
};

struct System {
  std::vector<Particle> ps;
  double g;
  int steps;
};

template <> struct tangent_test::fields<Particle> {
  static auto of(Particle &p) { return std::tie(p.x, p.y, p.vx, p.vy, p.m); }
};
template <> struct tangent_test::fields<Vec2> {
  static auto of(Vec2 &v) { return std::tie(v.x, v.y); }
};
template <> struct tangent_test::fields<System> {
  static auto of(System &s) { return std::tie(s.ps, s.g); }
};

double kinetic(const Particle &p) {
  return 0.5 * p.m * (p.vx * p.vx + p.vy * p.vy);
}

void kick(Particle &p, double fx, double fy, double dt) {
  p.vx += dt * fx / p.m;
  p.vy += dt * fy / p.m;
}

// Elements read by index, a callee taking an element, a member function
// called on one.
double energy(const std::vector<Particle> &ps, double g) {
  double e = 0;
  for (std::size_t i = 0; i < ps.size(); ++i)
    e += kinetic(ps[i]) + ps[i].m * g * ps[i].y + 0.1 * ps[i].kinetic();
  return e;
}

// Range-for by const reference and by value.
double ranges(const std::vector<Particle> &ps, double w) {
  double s = 0;
  for (const Particle &p : ps)
    s += p.m * p.x * w;
  for (Particle p : ps) {
    p.x = p.x * w;
    s += p.x * p.y;
  }
  return s;
}

// One N-body step (softened gravity), written through references.
void step(std::vector<Particle> &ps, double dt) {
  const std::size_t n = ps.size();
  for (std::size_t i = 0; i < n; ++i) {
    double fx = 0, fy = 0;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i)
        continue;
      double dx = ps[j].x - ps[i].x, dy = ps[j].y - ps[i].y;
      double r2 = dx * dx + dy * dy + 0.01;
      double f = ps[i].m * ps[j].m / (r2 * std::sqrt(r2));
      fx += f * dx;
      fy += f * dy;
    }
    kick(ps[i], fx, fy, dt);
  }
  for (auto &p : ps) {
    p.x += dt * p.vx;
    p.y += dt * p.vy;
  }
}

double nbody(std::vector<Particle> ps, double dt) {
  for (int t = 0; t < 10; ++t)
    step(ps, dt);
  double e = 0;
  for (const Particle &p : ps)
    e += p.kinetic() + p.x * p.y;
  return e;
}

double nbody_checkpointed(std::vector<Particle> ps, double dt) {
  [[tangent::checkpoint]] for (int t = 0; t < 10; ++t)
    step(ps, dt);
  double e = 0;
  for (const Particle &p : ps)
    e += p.kinetic() + p.x * p.y;
  return e;
}

// Local containers of objects: sized, filled, copied, listed; elements
// assigned whole; references to elements and to a field of one.
double locals(const std::vector<Particle> &ps, double s) {
  std::vector<Particle> q(ps.size());
  for (std::size_t i = 0; i < ps.size(); ++i)
    q[i] = ps[i];
  std::vector<Particle> r = q;
  std::vector<Particle> filled(2, Particle{s, 1.0, 0.0, s, 2.0});
  std::vector<Particle> listed{ps[0], Particle{0.5, s, 1.0, 0.0, 1.0}};
  Particle &first = r[0];
  first.damp(s);
  double &m = r[1].m;
  m = m * s;
  r[1].y = filled[1].vy * listed[1].y;
  double e = 0;
  for (std::size_t i = 0; i < r.size(); ++i)
    e += r[i].kinetic() + r[i].m * r[i].y;
  return e + filled[0].x * listed[0].vx;
}

// A std::array of objects: the area of a triangle, and a shifted copy.
double area(const std::array<Vec2, 3> &t, double d) {
  std::array<Vec2, 3> u = t;
  u[0].x += d;
  std::array<Vec2, 2> e{Vec2{u[1].x - u[0].x, u[1].y - u[0].y},
                        Vec2{u[2].x - u[0].x, u[2].y - u[0].y}};
  return 0.5 * (e[0].x * e[1].y - e[0].y * e[1].x);
}

// A container of objects as a field of an object.
double system_energy(const System &sys, double dt) {
  System s = sys;
  for (int k = 0; k < s.steps; ++k)
    for (auto &p : s.ps) {
      p.vy -= dt * s.g;
      p.y += dt * p.vy;
    }
  return energy(s.ps, s.g);
}

int main() {
  using namespace tangent_test;
  std::vector<Particle> ps{{0.0, 0.0, 0.1, 0.2, 1.0},
                           {1.0, 0.3, -0.2, 0.1, 2.0},
                           {0.4, 1.1, 0.0, -0.3, 1.5}};
  check("energy", tangent::grad<energy>(), ps, 9.81);
  check("ranges", tangent::grad<ranges>(), ps, 0.7);
  check("nbody", tangent::grad<nbody>(), ps, 0.01);
  check("nbody_checkpointed", tangent::grad<nbody_checkpointed>(), ps, 0.01);
  check_same("nbody_checkpointed_bitwise",
             tangent::grad<nbody_checkpointed>()(ps, 0.01),
             tangent::grad<nbody>()(ps, 0.01));
  check("locals", tangent::grad<locals>(), ps, 0.8);
  std::array<Vec2, 3> tri{Vec2{0.0, 0.0}, Vec2{1.0, 0.2}, Vec2{0.3, 0.9}};
  check("area", tangent::grad<area>(), tri, 0.1);
  System sys{ps, 9.81, 5};
  check("system_energy", tangent::grad<system_energy>(), sys, 0.02);
  check_pullback("energy_pullback", tangent::grad<energy>(), 1.5, ps, 9.81);
  return summary();
}
