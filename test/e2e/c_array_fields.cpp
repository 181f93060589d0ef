// End-to-end: classes with fixed-size C array fields (`double v[3]`), which
// tangent splits like a std::array field: objects as parameters (by const
// reference, by value, written through a reference, by pointer), locals
// built by braces or by in-class initializers, copies of objects, fields
// indexed in loops and written element by element, fields given to pointer
// and reference-to-array parameters, objects given to callees and returned
// by them, member functions, lambdas capturing such objects, nested
// classes, private fields, and two-dimensional fields (`double m[3][3]`,
// stored flat like a local `double m[3][3]`). Also a local 2-D array built
// from integer literals, in forward mode.
#include "check.hpp"

#include <cmath>
#include <vector>

struct Vec3 {
  double v[3];
};

struct Frame {
  Vec3 origin;
  double scale[2];
  int n = 3;
};

// In-class initializers, an index array beside the numbers.
struct Table {
  double w[3] = {1.0, 2.0, 0.5};
  int pick[2] = {2, 0};
  double k = 0;
};

struct Poly {
  double c[4];
  double at(double x) const {
    double r = 0;
    for (int i = 3; i >= 0; --i)
      r = r * x + c[i];
    return r;
  }
  void scale(double s) {
    for (double &e : c)
      e *= s;
  }
};

struct Mat {
  double m[3][3];
  double w;
};

class Spline {
  double knots_[2] = {1.0, 2.0};

public:
  double k = 1;
  double at(double x) const { return knots_[0] + knots_[1] * x * k; }
  friend struct tangent_test::fields<Spline>;
};

template <> struct tangent_test::fields<Vec3> {
  static auto of(Vec3 &a) { return std::tie(a.v); }
};
template <> struct tangent_test::fields<Frame> {
  static auto of(Frame &f) { return std::tie(f.origin, f.scale); }
};
template <> struct tangent_test::fields<Table> {
  static auto of(Table &t) { return std::tie(t.w, t.k); }
};
template <> struct tangent_test::fields<Mat> {
  static auto of(Mat &a) { return std::tie(a.m, a.w); }
};
template <> struct tangent_test::fields<Spline> {
  static auto of(Spline &s) { return std::tie(s.knots_, s.k); }
};
template <> struct tangent_test::fields<Poly> {
  static auto of(Poly &p) { return std::tie(p.c); }
};

// By const reference, indexed in a loop.
double norm2(const Vec3 &a, double s) {
  double r = 0;
  for (int i = 0; i < 3; ++i)
    r += a.v[i] * a.v[i] * s;
  return r;
}

// A local built by braces, copied, written element by element, given to a
// callee.
double locals(double x) {
  Vec3 p{{x, 2 * x, 3 * x}};
  Vec3 q = p;
  q.v[1] *= x;
  return norm2(q, x) + p.v[2];
}

// The field given to a pointer parameter, to a reference to an array, and
// viewed by a pointer that writes through it.
double sum_squares(const double *p, int n) {
  double r = 0;
  for (int i = 0; i < n; ++i)
    r += p[i] * p[i];
  return r;
}
double product(const double (&w)[3]) { return w[0] * w[1] * w[2]; }
double addresses(Vec3 a, double s) {
  double r = sum_squares(a.v, 3) * s + product(a.v);
  double *p = a.v;
  p[1] = p[0] * p[2] * s;
  return r + sum_squares(&a.v[1], 2);
}

// An object's default values, and one given with an index array.
double table(double x) {
  Table t;
  t.k = x;
  double r = 0;
  for (int i = 0; i < 2; ++i)
    r += t.w[t.pick[i]] * x;
  return r + t.k * t.w[1];
}
double table_param(const Table &t, double x) {
  return t.w[t.pick[0]] * x + t.k * t.w[1] * t.w[2];
}

// An object written by a callee through a reference, read through a
// pointer, captured by a lambda.
void scaled(const Vec3 &a, double s, Vec3 &out) {
  for (int i = 0; i < 3; ++i)
    out.v[i] = a.v[i] * s;
}
double first_of(const Vec3 *p, double s) { return p->v[0] * s + p->v[2]; }
double outputs(const Vec3 &a, double s) {
  Vec3 o{};
  scaled(a, s, o);
  auto line = [o](double t) { return o.v[0] * t + o.v[1]; };
  return first_of(&o, s) * line(s) + o.v[2] * line(2 * s);
}

// By value, written in the callee (the caller's object is unchanged).
double by_value(Vec3 a, double s) {
  for (int i = 0; i < 3; ++i)
    a.v[i] = std::sin(a.v[i]) * s;
  return a.v[0] * a.v[1] + a.v[2];
}

// Written through a reference.
void scale_in_place(Vec3 &a, double s) {
  for (int i = 0; i < 3; ++i)
    a.v[i] *= s * a.v[(i + 1) % 3];
}
double through_reference(Vec3 a, double s) {
  scale_in_place(a, s);
  scale_in_place(a, s);
  return norm2(a, 1.0);
}

// A callee returning an object with a C array field.
Vec3 cross(const Vec3 &a, const Vec3 &b) {
  Vec3 r;
  r.v[0] = a.v[1] * b.v[2] - a.v[2] * b.v[1];
  r.v[1] = a.v[2] * b.v[0] - a.v[0] * b.v[2];
  r.v[2] = a.v[0] * b.v[1] - a.v[1] * b.v[0];
  return r;
}
double triple(const Vec3 &a, const Vec3 &b, const Vec3 &c) {
  Vec3 r = cross(a, b);
  double t = 0;
  for (int i = 0; i < 3; ++i)
    t += r.v[i] * c.v[i];
  return t;
}

// Nested: a class with a class holding a C array, and a C array beside it.
double frame(const Frame &f, double x) {
  double r = 0;
  for (int i = 0; i < f.n; ++i)
    r += (f.origin.v[i] + x) * f.scale[i % 2];
  return r * r;
}

// Member functions reading and writing the field; the object assigned.
double poly(const Poly &p, double x) {
  Poly q = p;
  q.scale(x);
  Poly r;
  r = q;
  r.c[0] += p.at(x);
  return r.at(0.5) + q.c[3];
}

// A member function requested itself.
double poly_member(const Poly &p, double x) { return p.at(x); }

// Private C array fields, read by a member function.
double spline(const Spline &s, double x) { return s.at(x) * s.at(2 * x); }

// Two-dimensional fields: indexed, built by nested braces, copied, written
// by a callee through a reference, rows given to pointer parameters.
double quad(const Mat &a, double x) {
  double r = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      r += a.m[i][j] * x * (i + 1) + a.w * a.m[j][i];
  return r;
}
void transpose(Mat &a) {
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j) {
      double t = a.m[i][j];
      a.m[i][j] = a.m[j][i];
      a.m[j][i] = t;
    }
}
double mat_local(double x) {
  Mat a{{{x, 1, 0}, {0, x * x, 2}, {1, 0, x}}, 0.5};
  Mat b = a;
  b.m[1][2] *= x;
  transpose(b);
  double r = quad(b, x);
  for (int i = 0; i < 3; ++i)
    r += sum_squares(b.m[i], 3) * a.m[(i + 1) % 3][i];
  return r;
}
double mat_by_value(Mat a, double x) {
  transpose(a);
  return quad(a, x) * a.m[0][1];
}
double local_rows(double x) {
  double a[2][2] = {{x, 1}, {0, x}};
  return sum_squares(a[0], 2) * a[1][1];
}

// A loop carrying an object (its field overwritten every iteration).
double orbit(Vec3 a, double dt, int steps) {
  for (int k = 0; k < steps; ++k) {
    Vec3 next = a;
    next.v[0] = a.v[0] - dt * a.v[1];
    next.v[1] = a.v[1] + dt * a.v[0];
    next.v[2] = a.v[2] * (1 + dt * a.v[0] * a.v[1]);
    a = next;
  }
  return a.v[0] + 2 * a.v[1] + a.v[2];
}

int main() {
  using namespace tangent_test;
  const Vec3 a{{0.3, -0.7, 1.1}};
  const Vec3 b{{0.9, 0.4, -0.5}};
  const Vec3 c{{-0.2, 0.6, 0.8}};
  check("norm2", tangent::grad<norm2>(), a, 1.3);
  check("locals", tangent::grad<locals>(), 0.8);
  check("by_value", tangent::grad<by_value>(), a, 0.6);
  check("through_reference", tangent::grad<through_reference>(), a, 0.9);
  check("triple", tangent::grad<triple>(), a, b, c);
  Frame f{{{0.5, -0.25, 0.75}}, {1.5, -0.5}, 3};
  check("frame", tangent::grad<frame>(), f, 0.4);
  Poly p{{0.5, -1.0, 0.25, 0.75}};
  check("poly", tangent::grad<poly>(), p, 0.7);
  check("poly_member", tangent::grad<poly_member>(), p, -0.4);
  check("member_request", tangent::grad<&Poly::at>(), p, 0.3);
  check("addresses", tangent::grad<addresses>(), a, 0.8);
  check("table", tangent::grad<table>(), 0.7);
  Table t;
  t.k = 0.4;
  check("table_param", tangent::grad<table_param>(), t, 0.7);
  check("outputs", tangent::grad<outputs>(), a, 0.7);
  check("orbit", tangent::grad<orbit>(), a, 0.05, 20);
  Spline sp;
  check("spline", tangent::grad<spline>(), sp, 0.7);
  Mat m{{{0.5, -0.2, 0.3}, {0.1, 0.9, -0.4}, {0.7, 0.2, 0.6}}, 1.5};
  check("quad", tangent::grad<quad>(), m, 0.7);
  check("mat_local", tangent::grad<mat_local>(), 0.7);
  check("mat_by_value", tangent::grad<mat_by_value>(), m, 0.7);
  check("local_rows", tangent::grad<local_rows>(), 0.7);
  return summary();
}
