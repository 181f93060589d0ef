// End-to-end: an object that owns an index table (allocated by its
// constructor, freed by its destructor, copied shallowly by the implicit
// copy constructor, as a mini-app's mesh class is), given by reference to a
// differentiated time loop. Its gradient object goes to pullback, its
// direction to jvp's pushforward: neither may be copied (a copy would free
// the table twice). Checked against central differences, and reverse
// against forward mode.
#include "check.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

class Mesh {
public:
  std::vector<double> x, v;
  int *order;
  explicit Mesh(int n) : x(n), v(n), order(new int[n]) {
    for (int i = 0; i < n; ++i) {
      order[i] = (3 * i + 1) % n;
      x[i] = 0.1 * i + 0.05;
    }
  }
  ~Mesh() { delete[] order; }
  int size() const { return int(x.size()); }
  double &at(int i) { return x[order[i]]; }
};

double simulate(Mesh &m, int steps) {
  for (int s = 0; s < steps; ++s)
    for (int i = 0; i < m.size(); ++i) {
      m.v[i] = m.v[i] * 0.9 + 0.1 * std::sin(m.at(i));
      m.at(i) += 0.05 * m.v[i];
    }
  double e = 0;
  for (int i = 0; i < m.size(); ++i)
    e += m.x[i] * m.x[i] + m.v[i];
  return e;
}

int main() {
  Mesh m0(5);
  tangent_test::check_true("primal", std::isfinite(simulate(m0, 4)));
#ifndef TANGENT_E2E_SELFTEST
  const int n = 5, steps = 4;
  Mesh m(n), g(n);
  for (int i = 0; i < n; ++i)
    g.x[i] = 0;
  tangent::grad<simulate>().pullback(m, steps, g, 1.0);
  for (int k = 0; k < n; ++k) {
    Mesh a(n), t(n), p(n), q(n);
    for (int i = 0; i < n; ++i)
      t.x[i] = i == k ? 1.0 : 0.0;
    const double jvp = tangent::jvp<simulate>().pushforward(a, steps, t);
    p.x[k] += 1e-6;
    q.x[k] -= 1e-6;
    const double fd = (simulate(p, steps) - simulate(q, steps)) / 2e-6;
    tangent_test::check_near(
        "x" + std::to_string(k) + "/grad~fd", std::vector<double>{g.x[k]},
        std::vector<double>{fd}, tangent_test::tolerance{1e-7, 1e-7});
    tangent_test::check_near(
        "x" + std::to_string(k) + "/jvp==grad", std::vector<double>{jvp},
        std::vector<double>{g.x[k]}, tangent_test::tolerance{1e-12, 1e-12});
  }
#endif
  return tangent_test::summary();
}
