// End-to-end: scratch arrays held by pointer fields, the way C++ mini-apps
// keep their temporaries: a class whose member functions allocate into a
// pointer field (`m_strain = Allocate<double>(n)` through a wrapper of
// malloc, `new double[n]`, `calloc`) and free it again (`Release(&p)`,
// `delete[]`, `free`), accessors returning references into the array,
// functions of the time step that allocate, fill, read and release it
// through the object given by reference, a nested object holding one, and
// an array allocated at a size that changes from step to step.
#include "check.hpp"

#include <cmath>
#include <cstdlib>
#include <vector>

template <class T> T *Allocate(std::size_t n) {
  return static_cast<T *>(malloc(sizeof(T) * n));
}
template <class T> void Release(T **p) {
  if (*p != NULL) {
    free(*p);
    *p = NULL;
  }
}

class Grid {
public:
  std::vector<double> x, v;

  explicit Grid(int n = 0) : x(n), v(n) {}
  int size() const { return int(x.size()); }
  double &strain(int i) { return m_strain[i]; }
  double &flux(int i) { return m_flux[i]; }
  double &cell(int i) { return m_cells[i]; }

  void AllocateStrains(int n) {
    m_strain = Allocate<double>(n);
    m_flux = new double[2 * n];
  }
  void DeallocateStrains() {
    delete[] m_flux;
    Release(&m_strain);
  }
  void AllocateCells(int n) {
    m_cells = static_cast<double *>(calloc(n, sizeof(double)));
  }
  void DeallocateCells() { free(m_cells); }

private:
  double *m_strain = nullptr;
  double *m_flux = nullptr;
  double *m_cells;
};

template <> struct tangent_test::fields<Grid> {
  static auto of(Grid &g) { return std::tie(g.x, g.v); }
};

// Fills the strains from the positions (a callee writing the array).
static void strains(Grid &g, int n) {
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    g.strain(i) = std::sin(g.x[j] - g.x[i]);
    g.flux(2 * i) = g.x[i] * g.strain(i);
    g.flux(2 * i + 1) = g.v[i] * g.v[i];
  }
}

// One step: allocate, fill, use (nonlinearly), release.
static void step(Grid &g, double dt) {
  const int n = g.size();
  g.AllocateStrains(n);
  strains(g, n);
  for (int i = 0; i < n; ++i) {
    g.v[i] += dt * (g.strain(i) * g.strain(i) - 0.3 * g.flux(2 * i) +
                    0.1 * g.flux(2 * i + 1));
    g.x[i] += dt * g.v[i];
  }
  g.DeallocateStrains();
}

double simulate(Grid &g, int steps) {
  for (int t = 0; t < steps; ++t)
    step(g, 0.05);
  double e = 0.0;
  for (int i = 0; i < g.size(); ++i)
    e += 0.5 * g.v[i] * g.v[i] + std::cos(g.x[i]);
  return e;
}

// The time loop checkpointed: each step allocates and releases its arrays
// (between the steps the arrays are released: a snapshot holds nothing).
double checkpointed(Grid &g, int steps) {
  [[tangent::checkpoint]] for (int t = 0; t < steps; ++t)
    step(g, 0.05);
  double e = 0.0;
  for (int i = 0; i < g.size(); ++i)
    e += g.x[i] * g.v[i];
  return e;
}

// An array allocated at a size that changes each step (cells over a
// coarsening grid), calloc'd: its elements start at zero.
double coarsening(Grid &g) {
  double s = 0.0;
  for (int m = g.size(); m >= 1; m /= 2) {
    g.AllocateCells(m);
    for (int i = 0; i < m; ++i)
      g.cell(i) += g.x[i] * g.x[(i + m / 2) % g.size()];
    for (int i = 0; i < m; ++i)
      s += std::exp(0.1 * g.cell(i)) * g.v[i];
    g.DeallocateCells();
  }
  return s;
}

// The object inside another: its arrays are reached through both.
struct Domain {
  Grid grid;
  double scale;
};

template <> struct tangent_test::fields<Domain> {
  static auto of(Domain &d) { return std::tie(d.grid.x, d.grid.v, d.scale); }
};

double nested(Domain &d, int steps) {
  for (int t = 0; t < steps; ++t)
    step(d.grid, 0.02 * d.scale);
  const double e = simulate(d.grid, 1);
  return e * d.scale;
}

// The allocation inside a loop's body, in the requested function itself.
double inline_steps(Grid &g) {
  double s = 0.0;
  for (int t = 0; t < 3; ++t) {
    g.AllocateStrains(g.size());
    for (int i = 0; i < g.size(); ++i)
      g.strain(i) = g.x[i] * (t + 1.0) + g.v[i];
    for (int i = 0; i < g.size(); ++i)
      s += g.strain(i) * g.strain((i + t) % g.size());
    g.DeallocateStrains();
  }
  return s;
}

// A local object of the class, its owned fields null until allocated.
double local_grid(const std::vector<double> &x) {
  Grid g(int(x.size()));
  for (int i = 0; i < g.size(); ++i)
    g.x[i] = x[i];
  g.AllocateStrains(g.size());
  for (int i = 0; i < g.size(); ++i)
    g.strain(i) = std::sin(g.x[i]) * g.x[(i + 1) % g.size()];
  double s = 0.0;
  for (int i = 0; i < g.size(); ++i)
    s += g.strain(i) * g.strain(i);
  g.DeallocateStrains();
  return s;
}

int main() {
  using tangent_test::check;
  Grid g(6);
  for (int i = 0; i < 6; ++i) {
    g.x[i] = 0.3 + 0.17 * i - 0.02 * i * i;
    g.v[i] = 0.1 * std::cos(1.3 * i);
  }
  check("simulate", tangent::grad<simulate>(), g, 4);
  check("checkpointed", tangent::grad<checkpointed>(), g, 5);
  check("coarsening", tangent::grad<coarsening>(), g);
  check("inline_steps", tangent::grad<inline_steps>(), g);
  Domain d{g, 1.3};
  check("nested", tangent::grad<nested>(), d, 3);
  check("local_grid", tangent::grad<local_grid>(), g.x);
  return tangent_test::summary();
}
