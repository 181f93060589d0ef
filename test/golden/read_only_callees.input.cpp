// A mesh passed by non-const reference to every function of a time step,
// as C++ simulation codes do, though some only read it: around a call the
// caller saves only what the callee (or a function it calls) writes.
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>

struct Mesh {
  std::vector<double> x, f;
  std::vector<int> nodes;
};

// Reads the mesh only, through another reader.
double stretch(Mesh &m, int e) {
  return m.x[m.nodes[e + 1]] - m.x[m.nodes[e]];
}
double energy(Mesh &m, int e) {
  const double d = stretch(m, e);
  return 0.5 * d * d;
}

// Writes the forces only.
void force(Mesh &m, int e) { m.f[e] = -std::sin(stretch(m, e)); }

double step(Mesh &m, int n) {
  double s = 0.0;
  for (int e = 0; e < n; ++e) {
    force(m, e);
    s += energy(m, e) * m.f[e];
  }
  return s;
}

double use(Mesh &m, Mesh &d, int n) {
  return tangent::grad<step>().pullback(m, n, d);
}
