// End-to-end: lambdas and function objects (issue "Real C++"): lambdas
// defined and called in the body (captures by value and by reference,
// generic lambdas, nested lambdas, a lambda calling a lambda it captured),
// lambdas and functors passed to a user function template (a quadrature,
// an ODE integrator with a lambda right-hand side), a function object's
// operator() as a callee, and a lambda in a checkpointed loop. Each
// gradient is checked against finite differences.
#include "check.hpp"

#include <cmath>
#include <tuple>
#include <vector>

// --- user templates that take callables -------------------------------------

template <class F> double integrate(F f, double a, double b, int n) {
  double h = (b - a) / n, s = 0.5 * (f(a) + f(b));
  for (int i = 1; i < n; ++i)
    s += f(a + i * h);
  return s * h;
}

// One classic Runge-Kutta step of y' = rhs(y, dy), in place.
template <class Rhs>
void rk4(const Rhs &rhs, std::vector<double> &y, double dt) {
  const std::size_t n = y.size();
  std::vector<double> k1(n), k2(n), k3(n), k4(n), tmp(n);
  rhs(y, k1);
  for (std::size_t i = 0; i < n; ++i)
    tmp[i] = y[i] + 0.5 * dt * k1[i];
  rhs(tmp, k2);
  for (std::size_t i = 0; i < n; ++i)
    tmp[i] = y[i] + 0.5 * dt * k2[i];
  rhs(tmp, k3);
  for (std::size_t i = 0; i < n; ++i)
    tmp[i] = y[i] + dt * k3[i];
  rhs(tmp, k4);
  for (std::size_t i = 0; i < n; ++i)
    y[i] += dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
}

struct Affine {
  double a, b;
  double operator()(double x) const { return a * x + b; }
};

struct Vec2 {
  double x, y;
};
template <> struct tangent_test::fields<Vec2> {
  static auto of(Vec2 &v) { return std::tie(v.x, v.y); }
};

// --- functions --------------------------------------------------------------

// Captures by value and by reference; a lambda that writes a captured
// variable.
double captures(double k, double x) {
  auto sq = [k](double t) { return k * t * t; };
  double acc = 0;
  auto add = [&acc, x](double t) { acc += t * x; };
  add(sq(x));
  add(k);
  return acc + sq(2.0);
}

// A lambda passed straight to a quadrature template.
double quadrature(double k, double w) {
  return integrate([&](double t) { return std::sin(k * t) * w; }, 0.0, 1.0, 50);
}

// A generic lambda over a captured vector.
double generic(const std::vector<double> &v, double s) {
  auto dot = [&](auto a) {
    double r = 0;
    for (std::size_t i = 0; i < v.size(); ++i)
      r += v[i] * a;
    return r;
  };
  return dot(s) * dot(2.0 * s);
}

// A function object: called directly and passed to the template.
double functor(double a, double x) {
  Affine f{a, 1.5};
  return f(f(x)) + integrate(f, 0.0, x, 10);
}

// A damped oscillator integrated by RK4 with a lambda right-hand side that
// captures the parameters by reference.
double oscillator(double omega, double zeta, double x0) {
  std::vector<double> y{x0, 0.0};
  auto rhs = [&](const std::vector<double> &s, std::vector<double> &ds) {
    ds[0] = s[1];
    ds[1] = -omega * omega * s[0] - 2.0 * zeta * omega * s[1];
  };
  for (int t = 0; t < 100; ++t)
    rk4(rhs, y, 0.02);
  return y[0] * y[0] + 0.1 * y[1];
}

// The same with the time loop checkpointed: bitwise equal.
double oscillator_checkpointed(double omega, double zeta, double x0) {
  std::vector<double> y{x0, 0.0};
  auto rhs = [&](const std::vector<double> &s, std::vector<double> &ds) {
    ds[0] = s[1];
    ds[1] = -omega * omega * s[0] - 2.0 * zeta * omega * s[1];
  };
  [[tangent::checkpoint]] for (int t = 0; t < 100; ++t)
    rk4(rhs, y, 0.02);
  return y[0] * y[0] + 0.1 * y[1];
}

// Lambdas capturing an object by value and by reference; a nested lambda.
double objects(const Vec2 &p, double s) {
  Vec2 q{p.x * s, p.y};
  auto norm2 = [q](double w) { return w * (q.x * q.x + q.y * q.y); };
  auto shift = [&q](double d) { q.x += d; };
  shift(s);
  auto outer = [&](double w) {
    auto inner = [&](double z) { return z * q.x + norm2(w); };
    return inner(w * 2.0);
  };
  return outer(0.5) + norm2(s);
}

// A lambda called in a loop, reading the loop's running value.
double in_loop(const std::vector<double> &x, double r) {
  double s = 0;
  auto step = [&](double v) { return std::tanh(r * s + v); };
  for (std::size_t i = 0; i < x.size(); ++i)
    s = step(x[i]);
  return s;
}

// An immediately invoked lambda.
double immediate(double x, double y) {
  const double m = [&] { return x > y ? x * y : x + y; }();
  return m * m;
}

// A lambda calling another it captured (issue 43): a lambda that captures
// nothing, captured by reference, by value, by name and by a generic
// lambda; a lambda writing a captured double through a captured lambda; a
// capture two lambdas deep.
double calls_captured(double x, double y) {
  auto sq = [](double t) { return t * t; };
  auto by_ref = [&](double t) { return sq(t) + y * t; };
  auto by_value = [=](double t) { return sq(t) * y; };
  auto by_name = [sq, y](double t) { return sq(t + y); };
  auto generic = [&](auto t) { return sq(t) - t; };
  double acc = 0;
  auto add = [&](double t) { acc += sq(t) * y; };
  add(x);
  add(y);
  auto twice = [&](double t) { return by_ref(t) * sq(t); };
  return by_ref(x) * by_ref(y) + by_value(x) + by_name(x) + generic(y) + acc +
         twice(x);
}

// A captured lambda called in a loop and through a user template.
double calls_captured_in_loop(double x, double y) {
  auto sq = [](double t) { return std::sin(t) * t; };
  auto g = [&](double t) { return sq(t) + y * t; };
  double s = 0;
  for (int i = 0; i < 4; ++i)
    s += g(x + 0.25 * i) * g(y);
  return s + integrate(g, 0.0, x, 8);
}

int main() {
  using namespace tangent_test;
  check("captures", tangent::grad<captures>(), 1.3, 0.7);
  check("quadrature", tangent::grad<quadrature>(), 1.3, 0.7);
  check("generic", tangent::grad<generic>(), std::vector<double>{1.0, 2.0},
        0.7);
  check("functor", tangent::grad<functor>(), 1.3, 0.7);
  check("oscillator", tangent::grad<oscillator>(), 2.0, 0.1, 1.0);
  check("oscillator_checkpointed", tangent::grad<oscillator_checkpointed>(),
        2.0, 0.1, 1.0);
  check_same("oscillator_checkpointed_bitwise",
             tangent::grad<oscillator_checkpointed>()(2.0, 0.1, 1.0),
             tangent::grad<oscillator>()(2.0, 0.1, 1.0));
  check("objects", tangent::grad<objects>(), Vec2{0.3, -0.8}, 1.2);
  check("in_loop", tangent::grad<in_loop>(),
        std::vector<double>{0.2, -0.4, 0.9, 0.1}, 0.6);
  check("immediate", tangent::grad<immediate>(), 0.8, 0.6);
  check("immediate_other_branch", tangent::grad<immediate>(), 0.3, 0.6);
  check("calls_captured", tangent::grad<calls_captured>(), 1.3, 0.7);
  check("calls_captured_in_loop", tangent::grad<calls_captured_in_loop>(), 1.3,
        0.7);
  return summary();
}
