// End-to-end: structs and classes (issue "Real C++"): class-type parameters
// by value and by const&, their gradients of the same type, local objects,
// member access, aggregate and constructor initialisation, member functions
// and operators of the user's as callees, objects as output parameters and
// results, nested objects, base classes, private fields, default member
// initializers, references to objects, a vector field given to a parameter
// by value, and member-function requests.
// Each gradient is checked against finite differences (tangent_test::fields
// lists the floating-point fields the harness perturbs).
#include "check.hpp"

#include <array>
#include <cmath>
#include <tuple>
#include <vector>

// --- types ------------------------------------------------------------------

struct Params {
  double k, c;
  int n;
};

struct Vec3 {
  double x, y, z;
};
Vec3 operator+(const Vec3 &a, const Vec3 &b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
Vec3 operator-(const Vec3 &a, const Vec3 &b) {
  return Vec3{a.x - b.x, a.y - b.y, a.z - b.z};
}
Vec3 operator*(double s, const Vec3 &v) { return {s * v.x, s * v.y, s * v.z}; }
double dot(const Vec3 &a, const Vec3 &b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
double norm(const Vec3 &v) { return std::sqrt(dot(v, v)); }

struct Body {
  Vec3 pos, vel;
  double mass;
  double kinetic() const { return 0.5 * mass * dot(vel, vel); }
  Vec3 momentum() const { return mass * vel; }
  void drift(double dt) { pos = pos + dt * vel; }
  void kick(const Vec3 &force, double dt) {
    vel.x += dt * force.x / mass;
    vel.y += dt * force.y / mass;
    this->vel.z += dt * force.z / this->mass;
  }
};

class Spring {
  double k_, rest_;

public:
  Spring(double k, double rest) : k_(k), rest_(rest) {}
  double energy(double x) const {
    double d = x - rest_;
    return 0.5 * k_ * d * d;
  }
  double stiffness() const { return k_; }
  friend struct tangent_test::fields<Spring>;
};

struct Signal {
  std::vector<double> samples;
  double gain;
};

struct Tri {
  std::array<double, 3> w;
  double bias = 0.25;
};

struct Base {
  double a;
};
struct Derived : Base {
  double b;
  double sum() const { return a + 2.0 * b; }
};

struct Opts {
  double scale = 2.0;
  double shift = 0.5;
  int order = 3;
};

class Poly {
public:
  Poly(double a, double b) {
    c0 = a;
    c1 = b * 2.0;
  }
  double at(double x) const { return c0 + c1 * x + c0 * c1 * x * x; }
  Poly &operator+=(const Poly &o) {
    c0 += o.c0;
    c1 += o.c1;
    return *this;
  }
  double c0, c1;
};

class Accumulator {
  double total_ = 1.0;
  double weight_ = 0.5;

public:
  double add(double x) {
    total_ += weight_ * x * x;
    return total_ * x;
  }
  friend struct tangent_test::fields<Accumulator>;
};

template <> struct tangent_test::fields<Params> {
  static auto of(Params &p) { return std::tie(p.k, p.c); }
};
template <> struct tangent_test::fields<Vec3> {
  static auto of(Vec3 &v) { return std::tie(v.x, v.y, v.z); }
};
template <> struct tangent_test::fields<Body> {
  static auto of(Body &b) { return std::tie(b.pos, b.vel, b.mass); }
};
template <> struct tangent_test::fields<Spring> {
  static auto of(Spring &s) { return std::tie(s.k_, s.rest_); }
};
template <> struct tangent_test::fields<Signal> {
  static auto of(Signal &s) { return std::tie(s.samples, s.gain); }
};
template <> struct tangent_test::fields<Tri> {
  static auto of(Tri &t) { return std::tie(t.w, t.bias); }
};
template <> struct tangent_test::fields<Derived> {
  static auto of(Derived &d) { return std::tie(d.a, d.b); }
};
template <> struct tangent_test::fields<Poly> {
  static auto of(Poly &p) { return std::tie(p.c0, p.c1); }
};
template <> struct tangent_test::fields<Accumulator> {
  static auto of(Accumulator &a) { return std::tie(a.total_, a.weight_); }
};

// --- functions --------------------------------------------------------------

// A const& parameter with an integer field.
double energy(const Params &p, double x) {
  return p.k * x * x + p.c * std::sin(x) * p.n;
}

// By value, operators of the user's, a function returning an object.
double vec_ops(Vec3 a, double s) {
  Vec3 b = a + s * a;
  Vec3 c{1.0, 2.0, s};
  c = c + b;
  return dot(c, b - a);
}

// A local object built by a constructor with initializers, a const member.
double spring_local(double k, double x) {
  Spring s(k, 1.5);
  return s.energy(x) * s.stiffness();
}

// Nested objects, member functions that read and write fields.
double body_step(Body b, double dt) {
  Vec3 g{0.0, -9.81, 0.1};
  for (int i = 0; i < 4; ++i) {
    b.kick(b.mass * g, dt);
    b.drift(dt);
  }
  return b.kinetic() + b.mass * 9.81 * b.pos.y + norm(b.momentum());
}

// A vector field and an array field; default member initializer.
double signal_energy(const Signal &s, const Tri &t) {
  double e = 0;
  for (std::size_t i = 0; i + 2 < s.samples.size(); ++i) {
    double v = t.w[0] * s.samples[i] + t.w[1] * s.samples[i + 1] +
               t.w[2] * s.samples[i + 2] + t.bias;
    e += s.gain * v * v;
  }
  return e + s.samples.size() * t.bias;
}

// A vector field given to a callee's parameter by value (issue 43): the
// callee writes its copy, the field is read again after the call; the
// object by const&, by value and local.
double smoothed(std::vector<double> v) {
  for (std::size_t i = 1; i < v.size(); ++i)
    v[i] = 0.5 * (v[i] + v[i - 1]);
  return v.back() * v[0];
}
double field_by_value(const Signal &s) {
  return smoothed(s.samples) * s.gain + s.samples[1];
}
double field_by_value_copy(Signal s) {
  double r = smoothed(s.samples);
  s.samples[0] += r;
  return smoothed(s.samples) * s.gain;
}
double field_by_value_local(const std::vector<double> &x, double g) {
  Signal s{x, g};
  return smoothed(s.samples) * s.gain + s.samples[0];
}

// A base class's fields, a member function on the derived object.
double derived(const Derived &d, double x) {
  Derived e = d;
  e.a = e.a * x;
  return e.sum() * d.b + e.a;
}

// Default member initializers, a field written after construction.
double defaults(double x) {
  Opts o;
  o.shift = x * x;
  Opts q{};
  q.scale = o.scale * x;
  return o.scale * std::exp(o.shift) + q.scale * q.shift * q.order;
}

// A constructor with a body, a member operator+= writing the object.
double poly(double a, double b, double x) {
  Poly p(a, b);
  Poly q(b, x);
  p += q;
  return p.at(x);
}

// References to objects and their members: writes through them.
double references(Body b, double s) {
  Vec3 &v = b.vel;
  v.x = v.x * s;
  const Vec3 &p = b.pos;
  double &m = b.mass;
  m = m + s;
  return dot(p, v) * m;
}

// An object as an output parameter of a user function.
void scale_into(Vec3 &out, const Vec3 &v, double s) {
  out.x = s * v.x;
  out.y = s * v.y;
  out.z = s * v.z;
}
double output_object(const Vec3 &v, double s) {
  Vec3 r{0.0, 0.0, 0.0};
  scale_into(r, v, s);
  scale_into(r, r + v, s);
  return dot(r, v);
}

// Whole-object copies and assignment inside a loop.
Vec3 rotate(const Vec3 &v, double t) {
  double c = std::cos(t), s = std::sin(t);
  return {c * v.x - s * v.y, s * v.x + c * v.y, v.z};
}
double orbit(Vec3 v, double t, int n) {
  Vec3 start = v;
  for (int i = 0; i < n; ++i)
    v = rotate(v, t / n) + 0.01 * start;
  return v.x * v.y + v.z;
}

// The same loop checkpointed: bitwise equal to the fully taped one.
double orbit_checkpointed(Vec3 v, double t, int n) {
  Vec3 start = v;
  [[tangent::checkpoint]] for (int i = 0; i < n; ++i)
    v = rotate(v, t / n) + 0.01 * start;
  return v.x * v.y + v.z;
}

// A class-type value passed by value to a callee that modifies its copy.
double shifted(Vec3 v, double d) {
  v.x += d;
  v.y *= d;
  return norm(v);
}
double by_value_callee(const Vec3 &v, double d) {
  return shifted(v, d) + v.x * shifted(v, 2.0 * d);
}

// A user operator on vectors (a free function writing its left operand).
std::vector<double> &operator+=(std::vector<double> &a,
                                const std::vector<double> &b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] += b[i];
  return a;
}
double vector_operator(const std::vector<double> &x, double w) {
  std::vector<double> s(x.size(), w);
  s += x;
  const std::vector<double> copy = s; // `s += s` is refused: aliased arguments
  s += copy;
  return s[0] * s[1] + s[2];
}

// A class without a name of its own, named by its typedef (C style).
typedef struct {
  double gamma;
  int m;
} Wishart;

template <> struct tangent_test::fields<Wishart> {
  static auto of(Wishart &w) { return std::tie(w.gamma); }
};

double prior_term(Wishart w, double q) {
  return 0.5 * w.gamma * w.gamma * q * q * w.m;
}

double typedef_struct(Wishart w, double q) {
  Wishart local;
  local.gamma = std::sin(q) + w.gamma;
  local.m = w.m + 1;
  return prior_term(w, q) + prior_term(local, w.gamma);
}

// A class with const floating-point members (tolerances, coefficients
// fixed at construction, as simulation codes hold them): constants of the
// object, read directly, through const accessors and in a callee; the
// gradient is that of its other fields.
class Material {
public:
  Material(double stiffness, double density) : rho(density), k_(stiffness) {}
  double cut() const { return cut_; }
  double coefficient() const { return k_ * scale; }
  const double scale = 1.5;
  double rho;

private:
  const double k_;
  const double cut_ = 0.25;
  friend struct tangent_test::fields<Material>;
};

template <> struct tangent_test::fields<Material> {
  static auto of(Material &m) { return std::tie(m.rho); }
};

double stress(const Material &m, double strain) {
  const double s = m.coefficient() * strain * strain + m.rho * m.scale;
  return s > m.cut() ? s - m.cut() * std::sin(m.rho) : s;
}

double loaded(Material m, double strain) {
  double total = 0.0;
  for (int i = 1; i <= 3; ++i)
    total += stress(m, strain * i) * m.rho;
  m.rho = total * m.cut();
  return total + m.rho * m.scale;
}

int main() {
  using namespace tangent_test;
  Params p{2.0, 0.5, 3};
  check("energy", tangent::grad<energy>(), p, 0.7);
  check_value_and_grad("energy_value", tangent::grad<energy>(), p, 0.7);
  check("vec_ops", tangent::grad<vec_ops>(), Vec3{1.0, 2.0, 3.0}, 0.5);
  check("spring_local", tangent::grad<spring_local>(), 3.0, 2.0);
  Spring spring(3.0, 1.5);
  check("member_request", tangent::grad<&Spring::energy>(), spring, 2.0);
  check("member_request_stiffness", tangent::grad<&Spring::stiffness>(),
        spring);
  Body body{{0.1, 1.0, -0.2}, {0.5, 0.3, 0.2}, 2.0};
  check("body_step", tangent::grad<body_step>(), body, 0.05);
  check("member_request_kinetic", tangent::grad<&Body::kinetic>(), body);
  Signal sig{{0.5, -0.3, 0.8, 1.1, 0.2}, 1.5};
  Tri tri{{0.2, 0.5, -0.4}};
  check("signal_energy", tangent::grad<signal_energy>(), sig, tri);
  check("field_by_value", tangent::grad<field_by_value>(), sig);
  check("field_by_value_copy", tangent::grad<field_by_value_copy>(), sig);
  check("field_by_value_local", tangent::grad<field_by_value_local>(),
        std::vector<double>{0.5, -0.3, 0.8}, 1.5);
  Derived d;
  d.a = 0.7;
  d.b = -1.2;
  check("derived", tangent::grad<derived>(), d, 1.3);
  check("defaults", tangent::grad<defaults>(), 0.6);
  check("poly", tangent::grad<poly>(), 0.4, -0.3, 1.1);
  check("references", tangent::grad<references>(), body, 0.8);
  check("output_object", tangent::grad<output_object>(), Vec3{0.3, -0.2, 0.5},
        1.7);
  check("orbit", tangent::grad<orbit>(), Vec3{1.0, 0.5, 0.2}, 0.9, 40);
  check("orbit_checkpointed", tangent::grad<orbit_checkpointed>(),
        Vec3{1.0, 0.5, 0.2}, 0.9, 40);
  check_same("orbit_checkpointed_bitwise",
             tangent::grad<orbit_checkpointed>()(Vec3{1.0, 0.5, 0.2}, 0.9, 40),
             tangent::grad<orbit>()(Vec3{1.0, 0.5, 0.2}, 0.9, 40));
  check("by_value_callee", tangent::grad<by_value_callee>(),
        Vec3{0.3, 0.4, 1.2}, 0.7);
  // A non-const member function: the object is in-out (a copy is passed).
  Accumulator acc, copy;
  check_near(
      "member_request_writes", tangent::grad<&Accumulator::add>()(copy, 0.9),
      fd_gradient([](Accumulator a, double x) { return a.add(x); }, acc, 0.9));
  check_pullback("energy_pullback", tangent::grad<energy>(), 2.5, p, 0.7);
  check("energy_wrt_x", tangent::grad<energy, tangent::options{.wrt = 0b10}>(),
        p, 0.7);
  check("vector_operator", tangent::grad<vector_operator>(),
        std::vector<double>{0.4, -0.7, 1.3}, 0.6);
  check("typedef_struct", tangent::grad<typedef_struct>(), Wishart{1.3, 2},
        0.7);
  check("const_members", tangent::grad<loaded>(), Material{2.0, 0.8}, 0.6);
  return summary();
}
