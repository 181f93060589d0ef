// End-to-end: objects given by non-const reference to functions that only
// read them (as simulation codes pass their mesh to every function of a
// step), to functions that write some of their fields, through readers
// that pass them on to writers, and around recursion: a caller saves, and
// restores in reverse, only what each call may write (the callees' write
// summaries), so these gradients check that nothing a callee writes is
// left unsaved.
#include "check.hpp"

#include <cmath>
#include <vector>

struct Mesh {
  std::vector<double> x, f, work;
  std::vector<int> nodes;
  double scale = 1.0;
};

template <> struct tangent_test::fields<Mesh> {
  static auto of(Mesh &m) { return std::tie(m.x, m.f, m.work, m.scale); }
};

static double stretch(Mesh &m, int e) {
  return m.scale * (m.x[m.nodes[e + 1]] - m.x[m.nodes[e]]);
}
static double energy(Mesh &m, int e) {
  const double d = stretch(m, e);
  return 0.5 * d * d;
}
static void force(Mesh &m, int e) { m.f[e] = -std::sin(stretch(m, e)); }
// A reader of `x` that passes the mesh on to a writer of `work`.
static double through(Mesh &m, int e) {
  m.work[e] = m.x[e] * m.f[e];
  return energy(m, e) + m.work[e];
}
// Recursion: only the deepest level writes.
static double depth(Mesh &m, int e, int k) {
  if (k == 0) {
    m.work[e] = m.work[e] * 0.5 + m.x[e];
    return m.work[e];
  }
  const double inner = depth(m, e, k - 1);
  return inner * m.x[e];
}

double step(Mesh &m, int n) {
  double s = 0.0;
  for (int e = 0; e < n; ++e) {
    force(m, e);
    s += energy(m, e) * m.f[e];
  }
  return s;
}

double steps(Mesh &m, int n) {
  double s = 0.0;
  for (int t = 0; t < 3; ++t)
    for (int e = 0; e < n; ++e) {
      const double w = through(m, e);
      s += w * std::cos(m.work[e]);
      force(m, e);
      m.x[e + 1] += 0.1 * m.f[e];
      s += depth(m, e, 2);
    }
  return s;
}

int main() {
  using tangent_test::check;
  Mesh m;
  m.x = {0.3, -0.4, 0.8, 1.1, 0.2};
  m.f = {0.1, 0.2, 0.3, 0.4};
  m.work = {0.5, 0.6, 0.7, 0.8};
  m.nodes = {0, 1, 2, 3, 4};
  m.scale = 1.2;
  check("step", tangent::grad<step>(), m, 4);
  check("steps", tangent::grad<steps>(), m, 4);
  return tangent_test::summary();
}
