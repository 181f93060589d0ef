// End-to-end: calls whose arguments share storage. C++ binds references and
// pointers to storage, so a callee may see one variable under two names
// (`addto(a, a)`), an element of a container it also receives
// (`scale_by(v, v[0])`), a field of an object it also receives
// (`nudge(p, p.x)`), its own object's field (`b.push(b.x)`), or a variable
// its lambda captures by reference. The callee is then differentiated for
// that sharing, exactly as C++ runs it: every value and gradient here is
// checked against finite differences of the function itself (which the
// self-test mode computes with the plain compiler), so a callee that
// treated its parameters as distinct storage would fail them.
#include "check.hpp"

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

// --- one variable under two names -----------------------------------------

void addto(double &a, const double &b) {
  a += b * b;
  a *= b;
}

double twice(double x) { // (x + x^2)^2
  double a = x;
  addto(a, a);
  return a;
}

// The same through a reference bound earlier.
double through_reference(double x) {
  double a = x;
  double &r = a;
  addto(r, a);
  return a + r;
}

// A value parameter is a copy made on entry, before the callee writes.
void add_value(double &a, double b) {
  a += b;
  a *= b;
}

double by_value(double x) {
  double a = x;
  add_value(a, a);
  return a;
}

// --- a container and its elements -----------------------------------------

void scale_by(std::vector<double> &v, const double &s) {
  for (auto &e : v)
    e *= s;
}

double scaled(const std::vector<double> &x) {
  std::vector<double> v = x;
  scale_by(v, v[0]); // v[0] is scaled first: v[1] * v[0]^2 stays v[1] * x0^2
  return v[1] + v[2];
}

// Two elements at indices known at run time: the same element when i == j.
void accumulate(double &into, const double &from) { into += from * into; }

double pairs(const std::vector<double> &x) {
  std::vector<double> v = x;
  for (std::size_t i = 0; i < v.size(); ++i)
    for (std::size_t j = 0; j < v.size(); ++j)
      accumulate(v[i], v[j]);
  double s = 0;
  for (double e : v)
    s += std::sin(e);
  return s;
}

// The same element twice, and two distinct ones.
double elements(const std::vector<double> &x) {
  std::vector<double> v = x;
  accumulate(v[1], v[1]);
  accumulate(v[0], v[2]);
  return v[0] * v[1] + v[2];
}

// A container as input and output (the diffusion step of a stencil code):
// the callee reads elements it has already written.
void diffuse(const std::vector<double> &u, std::vector<double> &du) {
  for (std::size_t i = 1; i + 1 < u.size(); ++i)
    du[i] = u[i - 1] - 2.0 * u[i] + u[i + 1];
}

double in_place(const std::vector<double> &x) {
  std::vector<double> u = x;
  diffuse(u, u);
  double s = 0;
  for (std::size_t i = 0; i < u.size(); ++i)
    s += u[i] * u[i] * double(i + 1);
  return s;
}

// A container by value and by reference: the value is the old container.
void blend(std::vector<double> &w, std::vector<double> c) {
  for (std::size_t i = 0; i < w.size(); ++i)
    w[i] = w[i] * c[(i + 1) % c.size()] + c[i];
}

double blended(const std::vector<double> &x) {
  std::vector<double> v = x;
  blend(v, v);
  return v[0] + 2.0 * v[1] + 3.0 * v[2];
}

// --- objects and their fields ---------------------------------------------

struct Point {
  double x, y;
  void push(const double &by) {
    x += by;
    y *= by;
  }
};

void nudge(Point &p, const double &d) {
  p.x = p.x * d + 1.0;
  p.y = p.y + d * p.x;
}

double field_arg(double a, double b) {
  Point p{a, b};
  nudge(p, p.x); // d is p.x: after the first write it is the new p.x
  return p.x * p.y;
}

double own_field(double a, double b) {
  Point p{a, b};
  p.push(p.x); // by is this->x
  p.push(p.y);
  return p.x + p.y;
}

// An element of a vector of objects with the vector itself.
void pull(std::vector<Point> &ps, Point &q) {
  for (Point &p : ps)
    p.x += 0.5 * q.y * p.y;
  q.y = q.x;
}

double objects_in_vector(const std::vector<double> &x) {
  std::vector<Point> ps;
  for (std::size_t i = 0; i < x.size(); ++i)
    ps.push_back(Point{x[i], 1.0 + 0.5 * x[i]});
  pull(ps, ps[1]);
  double s = 0;
  for (const Point &p : ps)
    s += p.x * p.y;
  return s;
}

// An element's own field and a field of an element at a run-time index
// (equal to it or not): the object's fields are one element of each field's
// storage, whichever the index.
struct Cell {
  double x, y, z;
  void push(const double &s) {
    x = 0.5 * x + s;
    z = z * 0.9 + s * y;
  }
};

void stir(Cell &c, const double &s, double &t) {
  c.x += s * t;
  t = t * c.z + s;
  c.z = 0.3 * t;
}

double cells(double a, int n) {
  std::vector<Cell> q(3, Cell{a, 2 * a, 0.5});
  q[1].z = a * a;
  q[0].push(q[n % 3].z);
  q[0].push(q[0].z);
  stir(q[0], q[0].z, q[n % 3].x);
  stir(q[n % 3], q[1].z, q[1].z);
  return q[0].x + q[0].z + q[1].z * q[2].x;
}

// --- lambdas capturing by reference ---------------------------------------

double captured(double x) {
  double a = x;
  auto grow = [&a](double &y) {
    y += a * a;
    a *= y;
  };
  grow(a);
  return a;
}

// One element under two names, captured by reference in the callee.
void grow(double &a, double &b) {
  auto twice = [&a] { return 2.0 * a; };
  b += twice();
  a *= b;
}

double one_element(const std::vector<double> &x) {
  std::vector<double> v = x;
  for (std::size_t k = 0; k < v.size(); ++k)
    grow(v[k], v[k]); // a = 3 a; a = a * a
  return v[0] + v[1] * v[2];
}

// --- calls inside calls ---------------------------------------------------

void both(double &a, double &b) {
  addto(a, b);
  addto(b, a);
}

double nested(double x, double y) {
  double a = x, b = y;
  both(a, a); // inside, addto(a, a) twice
  both(a, b);
  return a + b;
}

/// The gradient (and in e2e-forward mode the jvp), and value_and_grad.
template <auto F, tangent::options O, class... X>
void checks(const std::string &name, const tangent::gradient<F, O> &df,
            const X &...args) {
  tangent_test::check(name, df, args...);
  tangent_test::check_value_and_grad(name + "/value", df, args...);
}

int main() {
  using namespace tangent_test;
  for (double x : {0.7, -0.4, 1.3}) {
    checks("twice", tangent::grad<twice>(), x);
    checks("through_reference", tangent::grad<through_reference>(), x);
    checks("by_value", tangent::grad<by_value>(), x);
    checks("captured", tangent::grad<captured>(), 0.5 * x);
  }
  {
    const auto [value, gradient] = tangent::grad<twice>().value_and_grad(0.7);
    check_near("twice/exact", std::tuple{value, gradient},
               std::tuple{1.4161, 2 * (0.7 + 0.49) * (1 + 1.4)});
  }
  const std::vector<double> x{0.5, 1.5, -0.8, 0.3};
  checks("scaled", tangent::grad<scaled>(), x);
  check_near("scaled/exact",
             tangent::grad<scaled>()(std::vector<double>{0.5, 1.5, 2.0}),
             std::vector<double>{2 * 0.5 * (1.5 + 2.0), 0.25, 0.25});
  checks("pairs", tangent::grad<pairs>(), std::vector<double>{0.3, -0.2, 0.4});
  checks("elements", tangent::grad<elements>(), x);
  checks("in_place", tangent::grad<in_place>(), x);
  checks("blended", tangent::grad<blended>(), x);
  checks("field_arg", tangent::grad<field_arg>(), 0.6, -1.1);
  checks("own_field", tangent::grad<own_field>(), 0.6, 1.4);
  checks("objects_in_vector", tangent::grad<objects_in_vector>(), x);
  checks("nested", tangent::grad<nested>(), 0.3, -0.6);
  for (int n : {0, 1, 2})
    checks("cells/" + std::to_string(n), tangent::grad<cells>(), 0.7, n);
  checks("one_element", tangent::grad<one_element>(),
         std::vector<double>{0.3, -0.2, 0.4});
#ifndef TANGENT_E2E_SELFTEST
  // Second order through the specialised callee: d2/dx2 (x + x^2)^2.
  check_near("twice/hvp", tangent::hvp<twice>()(0.7, 1.0),
             2 * (1 + 1.4) * (1 + 1.4) + 4 * (0.7 + 0.49));
  check_near("twice/jvp", tangent::jvp<twice>()(0.7, 1.0),
             2 * (0.7 + 0.49) * (1 + 1.4));
#endif
  check_pullback("nested/pullback", tangent::grad<nested>(), 1.5, 0.3, -0.6);
  return summary();
}
