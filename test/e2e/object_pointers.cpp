// End-to-end: pointers to objects, the C way: `p->x` on a parameter
// `const Body *p`, helpers taking `Body *` that write fields, `&obj` given
// to them, a local `Body *q = &b;`, `(*p).x`, a template class given by
// pointer (`Matrix<T> *m`), and the requested function taking an object
// pointer (its gradient is an object).
#include "check.hpp"

#include <array>
#include <cmath>
#include <vector>

struct Body {
  double x, v, m;
};
template <> struct tangent_test::fields<Body> {
  static auto of(Body &b) { return std::tie(b.x, b.v, b.m); }
};

double kinetic(const Body *b) { return 0.5 * b->m * b->v * b->v; }

void kick(Body *b, double f, double dt) {
  b->v += dt * f / b->m;
  b->x += dt * b->v;
}

double simulate(double x0, double v0, double m, double k) {
  Body b{x0, v0, m};
  for (int t = 0; t < 20; ++t)
    kick(&b, -k * b.x, 0.05);
  Body *q = &b;
  return kinetic(q) + 0.5 * k * (*q).x * q->x;
}

template <class T> struct Matrix {
  std::array<T, 4> a;
};

template <class T> T det2(const Matrix<T> *m) {
  return m->a[0] * m->a[3] - m->a[1] * m->a[2];
}
template <class T> void scale2(Matrix<T> *m, T s) {
  for (int i = 0; i < 4; ++i)
    m->a[i] *= s;
}

double matrix_ops(double p, double q) {
  Matrix<double> m{{p, q, std::sin(q), p * q}};
  scale2(&m, p + 1.0);
  return det2(&m) + m.a[2];
}

// The requested function takes the object by pointer.
double energy_of(const Body *b, double k) {
  return kinetic(b) + 0.5 * k * b->x * b->x;
}

int main() {
  using tangent_test::check;
  check("simulate", tangent::grad<simulate>(), 0.3, -0.2, 1.5, 2.0);
  check("matrix_ops", tangent::grad<matrix_ops>(), 0.7, -0.4);
#ifndef TANGENT_E2E_SELFTEST // (its stand-in adjoint takes no object pointer)
  const Body b{0.3, -0.8, 2.5};
  auto [db, dk] = tangent::grad<energy_of>()(&b, 1.7);
  tangent_test::check_near("energy_of: d/dx", db.x, 1.7 * 0.3);
  tangent_test::check_near("energy_of: d/dv", db.v, 2.5 * -0.8);
  tangent_test::check_near("energy_of: d/dm", db.m, 0.5 * 0.64);
  tangent_test::check_near("energy_of: d/dk", dk, 0.5 * 0.09);
#endif
  return tangent_test::summary();
}
