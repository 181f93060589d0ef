// End-to-end: integer index tables carried as data, the way unstructured
// mesh codes hold their connectivity: an object with a table of pointers
// to integers (`int **`, one index list per region) and pointers to
// integers (`int *`) beside its floating-point state; accessors returning
// a reference into a table, a row of it (`int *region(r)`) or an address
// into a vector of indices (`const int *corners(e)`); pointer locals of
// integers viewing those (`const int *c = m.corners(e)`); rows given to
// functions taking `const int *`; a table entry written (and restored).
#include "check.hpp"

#include <cmath>
#include <vector>

struct Mesh {
  std::vector<double> x;   // nodal values (differentiated)
  std::vector<int> conn;   // two nodes per element
  int **regions = nullptr; // element lists, one per region
  int *region_size = nullptr;
  int nregions = 0;

  int &size(int r) const { return region_size[r]; }
  int *region(int r) const { return regions[r]; }
  int &member(int r, int i) const { return regions[r][i]; }
  const int *corners(int e) const { return &conn[2 * e]; }
};

template <> struct tangent_test::fields<Mesh> {
  static auto of(Mesh &m) { return std::tie(m.x); }
};

// One element's energy, from the nodes its corner list names.
double element_energy(const double *x, const int *corners) {
  const double d = x[corners[1]] - x[corners[0]];
  return 0.5 * d * d + std::sin(x[corners[0]]) * x[corners[1]];
}

// A region's elements: a row of the table given to a `const int *`.
double region_energy(const Mesh &m, const int *elements, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += element_energy(m.x.data(), m.corners(elements[i]));
  return s;
}

// A row given to a callee taking `int *` (not const), as C codes declare
// parameters they only read.
double region_sum(const double *x, int *elements, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += x[2 * elements[i] % 5] * x[elements[i]];
  return s;
}

double total_energy(const Mesh &m) {
  double s = 0.0;
  for (int r = 0; r < m.nregions; ++r) {
    s += region_energy(m, m.region(r), m.size(r));
    s += region_sum(m.x.data(), m.region(r), m.size(r)) * (r + 0.5);
  }
  return s;
}

// Indexed twice through the table, through a view of a row and through
// the member accessor.
double weighted(const Mesh &m) {
  double s = 0.0;
  for (int r = 0; r < m.nregions; ++r) {
    const int *list = m.region(r);
    for (int i = 0; i < m.region_size[r]; ++i) {
      const int *c = m.corners(list[i]);
      s += m.x[c[0]] * m.x[c[1]] * (r + 1.0);
    }
    s += std::exp(0.1 * m.x[m.member(r, 0)]) + m.x[m.regions[r][0]];
  }
  return s;
}

// The table written during the call: which element leads a region
// changes, and later reads see the new entry.
double rotated(const Mesh &m) {
  double s = 0.0;
  for (int r = 0; r < m.nregions; ++r) {
    const int e = m.regions[r][0];
    s += element_energy(m.x.data(), m.corners(e));
    m.regions[r][0] = m.regions[r][m.region_size[r] - 1];
    m.regions[r][m.region_size[r] - 1] = e;
    s *= 1.0 + 0.1 * m.x[m.conn[2 * m.regions[r][0]]];
  }
  // Put the table back as it was, for the next evaluation.
  for (int r = 0; r < m.nregions; ++r) {
    const int last = m.regions[r][m.region_size[r] - 1];
    m.regions[r][m.region_size[r] - 1] = m.regions[r][0];
    m.regions[r][0] = last;
  }
  return s;
}

int main() {
  using tangent_test::check;
  // Five nodes, four elements in two regions.
  static int region0[3] = {0, 2, 3};
  static int region1[1] = {1};
  static int *table[2] = {region0, region1};
  static int sizes[2] = {3, 1};
  Mesh m;
  m.x = {0.3, -0.8, 1.1, 0.45, -0.2};
  m.conn = {0, 1, 1, 2, 2, 3, 3, 4};
  m.regions = table;
  m.region_size = sizes;
  m.nregions = 2;
  check("total_energy", tangent::grad<total_energy>(), m);
  check("weighted", tangent::grad<weighted>(), m);
  check("rotated", tangent::grad<rotated>(), m);
  return tangent_test::summary();
}
