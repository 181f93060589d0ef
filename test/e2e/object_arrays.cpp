// End-to-end: arrays of objects outside std::vector and std::array, as C
// and mini-app code writes them: local C arrays of structs (`Atom as[3]`,
// built by braces, indexed, written field by field and element by element,
// walked by range-for), and pointer parameters to structs that callees
// index (`const Atom *a; a[i].x`, `Atom a[]` written through), given a C
// array, `as + 1`, `&as[k]`, a vector's `data()`, an array from
// `new Atom[n]` and such a pointer passed on; `a->x` and `(*a).y` of such a
// parameter (its first element); a C array given to a pointer to one
// object; pointer locals viewing an array of them from an element
// (`const Atom *p = as + 1; p[i]`); a C array of structs as a field;
// vectors of objects with a field that carries no derivative (an index)
// or is constant; the Hessian-vector product of a function giving a callee
// an address into a local copy of its vector; a time loop over a C array
// of particles checkpointed (bitwise its fully taped twin). Each gradient
// is checked against finite differences.
#include "check.hpp"

#include <cmath>
#include <vector>

struct Atom {
  double x, y, z;
  int type;
};

struct Particle {
  double pos, vel;
};

// A C array of objects as a field.
struct Molecule {
  Atom atoms[3];
  double k;
};

template <> struct tangent_test::fields<Atom> {
  static auto of(Atom &a) { return std::tie(a.x, a.y, a.z); }
};
template <> struct tangent_test::fields<Molecule> {
  static auto of(Molecule &m) { return std::tie(m.atoms, m.k); }
};

// A pair energy over atoms given by pointer, weighted by their types.
double energy(const Atom *a, int n, double k) {
  double e = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const double dx = a[i].x - a[j].x, dy = a[i].y - a[j].y,
                   dz = a[i].z - a[j].z;
      e += k * std::sqrt(dx * dx + dy * dy + dz * dz + 0.1) *
           (a[i].type + a[j].type);
    }
  return e;
}

// Written through an array parameter.
void stretch(Atom a[], int n, double s) {
  for (int i = 0; i < n; ++i) {
    a[i].x *= s;
    a[i].z = a[i].x * a[i].y + a[i].z;
  }
}

// The first element by `->` and `*`, the others by index.
double firsts(const Atom *a, int n) {
  double r = a->x * (*a).y;
  for (int i = 1; i < n; ++i)
    r += std::sin(a[i].x) * a[i].z;
  return r;
}

// One object through a pointer (not indexed): given a C array, its first.
double one(const Atom *a) { return a->x * a->x + a->z; }

// Passes its array on: whole, and from an offset.
double halves(const Atom *a, int n) {
  return firsts(a, n / 2) + firsts(a + n / 2, n - n / 2) + energy(a, n, 0.5);
}

// A local C array of atoms built by braces from the parameter, written by
// a callee, given whole and from offsets.
double cluster(double s) {
  Atom as[4] = {{s, 0.5, 0.2, 1},
                {0.3, s * s, -0.4, 2},
                {-0.6, 0.1, s, 1},
                {0.9, -0.8, 0.7, 3}};
  stretch(as, 4, s);
  stretch(&as[2], 2, 0.5 * s);
  return energy(as, 4, 1.5) + energy(as + 1, 3, 0.25) + firsts(as, 4) +
         one(as) + one(&as[3]) + halves(as, 4);
}

// Elements copied and assigned whole, fields written in a loop, walked by
// range-for; a pointer local to the first element.
double locals(double s, double t) {
  Atom as[3] = {{s, t, 0, 1}, {t, s, 1, 0}, {s * t, 1, 2, 2}};
  Atom b[2];
  b[0] = as[2];
  b[1] = as[0];
  b[1].y = t * t;
  for (int i = 0; i < 3; ++i)
    as[i].z += s * as[i].type;
  double r = 0;
  for (const Atom &a : b)
    r += a.x * a.y;
  for (Atom &a : as)
    a.x = std::cos(a.x) * a.z;
  const Atom *p = as;
  return r + p->x + as[1].x * as[2].z + energy(b, 2, 1.0);
}

// Atoms in a parameter's vector given by data() (one field an index, one
// never varied in the caller's loop), and in a local vector.
double from_vectors(const std::vector<Atom> &atoms, double s) {
  std::vector<Atom> moved(atoms.size());
  for (std::size_t i = 0; i < atoms.size(); ++i) {
    moved[i].x = atoms[i].x * s;
    moved[i].y = atoms[i].y;
    moved[i].z = 1.0; // a constant field
    moved[i].type = int(i % 2) + 1;
  }
  return energy(atoms.data(), int(atoms.size()), s) +
         energy(moved.data(), int(moved.size()), 1.0) +
         firsts(moved.data(), int(moved.size()));
}

// Atoms made with new[], filled, given whole and from an offset, deleted.
double heap(double s, int n) {
  Atom *b = new Atom[n + 1];
  for (int i = 0; i <= n; ++i) {
    b[i].x = s * i;
    b[i].y = s * s / (i + 1);
    b[i].z = std::sin(s + i);
    b[i].type = i % 3;
  }
  stretch(b + 1, n, s);
  const double e = energy(b, n + 1, 1.5) + b->x + firsts(b + 1, n);
  delete[] b;
  return e;
}

// Pointer locals viewing an array of atoms from an element (`p[i]` is
// `as[k + i]`), indexed, dereferenced, offset and given to callees.
double views(double s) {
  Atom as[4] = {{s, 1, 0, 0}, {2, s, 1, 1}, {s, s, 2, 2}, {1, 2, 3, 1}};
  const Atom *p = as + 1;
  const Atom *q = &as[2];
  Atom *w = as;
  double r = p[0].x * p[1].y + q->x + (*q).y + firsts(p, 3) + firsts(p + 1, 2);
  stretch(w + 1, 2, s);
  w[3].x = s * s;
  std::vector<Atom> v(3);
  v[1].x = s;
  v[1].y = 3;
  const Atom *d = v.data();
  return r + d[1].x * d[1].y + energy(q, 2, 0.5) + as[3].x;
}

// A molecule holding its atoms in a C array field: by const reference,
// and built locally by braces.
double molecule_energy(const Molecule &m) {
  return energy(m.atoms, 3, m.k) + m.atoms[1].x * m.atoms[2].y;
}
double molecule_local(double s) {
  Molecule m{{{s, 1, 0, 1}, {2, s, 1, 2}, {s, s, 2, 1}}, 2.0};
  m.atoms[0].z = s * s;
  return molecule_energy(m);
}

// A callee given an address into a local copy of a parameter's vector.
double cubes(int d, const double *p, const double *c) {
  double r = 0;
  for (int l = 0; l < d; l++) {
    const double e = p[l] - c[l];
    r += e * e * e;
  }
  return r;
}
double cubic_copy(const std::vector<double> &c, const std::vector<double> &p) {
  std::vector<double> cc = c;
  return cubes(2, p.data(), &cc[0]);
}

// A time loop over a C array of particles (symplectic Euler in a
// spring chain), checkpointed, and its fully taped twin.
void step(Particle p[], int n, double k, double dt) {
  for (int i = 0; i < n; ++i) {
    const double left = i > 0 ? p[i - 1].pos : 0.0;
    const double right = i + 1 < n ? p[i + 1].pos : 0.0;
    p[i].vel += dt * k * (left + right - 2 * p[i].pos);
  }
  for (int i = 0; i < n; ++i)
    p[i].pos += dt * p[i].vel;
}
// clang-format off
#define CKPT [[tangent::checkpoint]]
#define TAPED
#define CHAIN(CK) {                                                            \
    Particle p[4] = {{x0, 0}, {0.2, 0}, {-0.1, 0}, {0.3, v0}};                 \
    CK for (int t = 0; t < 60; ++t)                                            \
      step(p, 4, k, 0.05);                                                     \
    double e = 0;                                                              \
    for (const Particle &q : p)                                                \
      e += q.pos * q.pos + 0.5 * q.vel * q.vel;                                \
    return e;                                                                  \
  }
double chain(double x0, double v0, double k) CHAIN(CKPT)
double chain_taped(double x0, double v0, double k) CHAIN(TAPED)
    // clang-format on

    int main() {
  using namespace tangent_test;
  check("cluster", tangent::grad<cluster>(), 0.7);
  check("locals", tangent::grad<locals>(), 0.6, -0.3);
  const std::vector<Atom> atoms{
      {0.1, 0.2, 0.3, 1}, {-0.4, 0.5, 0.1, 2}, {0.7, -0.2, 0.6, 1}};
  check("from_vectors", tangent::grad<from_vectors>(), atoms, 0.8);
  check("heap", tangent::grad<heap>(), 0.7, 4);
  check("views", tangent::grad<views>(), 0.6);
  const Molecule m{
      {{0.1, 0.2, 0.3, 1}, {-0.4, 0.5, 0.1, 2}, {0.7, -0.2, 0.6, 1}}, 1.5};
  check("molecule_energy", tangent::grad<molecule_energy>(), m);
  check("molecule_local", tangent::grad<molecule_local>(), 0.8);
  check("cubic_copy", tangent::grad<cubic_copy>(),
        std::vector<double>{0.3, 0.7}, std::vector<double>{1.1, -0.4});
#ifndef TANGENT_E2E_SELFTEST
  {
    // An address into a local copy of the selected vector given to a
    // callee: its tangent copies the direction, and its adjoint is the
    // copy's own. d2/dc2 of sum (p - c)^3 is 6 (p - c) on the diagonal.
    const std::vector<double> c{0.3, 0.7}, p{1.1, -0.4}, t{1.0, 2.0};
    const std::vector<double> h =
        tangent::hvp<cubic_copy, tangent::options{
                                     .wrt = tangent::wrt_params(0)}>()(c, p, t);
    check_near(
        "cubic_copy/hvp", h,
        std::vector<double>{6 * (p[0] - c[0]) * t[0], 6 * (p[1] - c[1]) * t[1]},
        tight_tol);
  }
#endif
  check("chain", tangent::grad<chain>(), 0.4, -0.2, 1.5);
  check("chain_taped", tangent::grad<chain_taped>(), 0.4, -0.2, 1.5);
  check_same("chain/checkpointed==taped",
             tangent::grad<chain>()(0.4, -0.2, 1.5),
             tangent::grad<chain_taped>()(0.4, -0.2, 1.5));
  check_same(
      "chain/threads==taped",
      tangent::grad<chain, tangent::options{.checkpoint = true,
                                            .threads = 2}>()(0.4, -0.2, 1.5),
      tangent::grad<chain_taped>()(0.4, -0.2, 1.5));
  check_same("chain/budget==taped",
             tangent::grad<chain, tangent::options{.memory_budget = 400}>()(
                 0.4, -0.2, 1.5),
             tangent::grad<chain_taped>()(0.4, -0.2, 1.5));
  return summary();
}
