// End-to-end: nested differentiation, a gradient called inside a
// differentiated function (`tangent::grad<g, O>()(args...)`): a body pushed
// by the gradient of a potential until it lands (a while loop that returns,
// the potential's sources moved by the parameter), the gradient of a scalar,
// of two scalars (a std::tuple, taken apart by structured bindings and by
// std::get), gradient descent on an inner problem unrolled in a counted
// loop, a nested gradient in a callee, and a checkpointed loop of nested
// gradients (bitwise equal to its fully taped twin). Each gradient is checked
// against finite differences; forward mode (jvp) against the gradient.
//
// The generated code computes a nested gradient's value by forward mode, one
// direction per selected value: its value may differ from the request's
// reverse-mode gradient in the last bits (docs/limitations.md), so values
// are compared with a tolerance here, not with ==.
#include "check.hpp"

#include <cmath>
#include <tuple>
#include <vector>

struct Vec2 {
  double x, y;
};

template <> struct tangent_test::fields<Vec2> {
  static auto of(Vec2 &v) { return std::tie(v.x, v.y); }
};

// A softened potential of point sources at `p`.
double potential(const std::vector<Vec2> &sources, const Vec2 &p) {
  double u = 0.0;
  for (const Vec2 &s : sources) {
    const double dx = p.x - s.x, dy = p.y - s.y;
    u += 1.0 / std::sqrt(dx * dx + dy * dy + 0.5);
  }
  return u;
}

double bowl(double x, double y, double c) {
  return c * x * x + std::sin(x * y) + 0.5 * y * y * y;
}

double wave(double a, double x) { return a * std::sin(x) + x * x * x; }

double power(double x, int n) { return std::pow(x, n) + 0.5 * n * x; }

double well(double a, double x) {
  return (x - a) * (x - a) * (1.0 + 0.1 * x * x) + std::exp(0.2 * x);
}

#ifndef TANGENT_E2E_SELFTEST

constexpr tangent::options at_point{.wrt = 0b10};

// Where a body pushed down the potential's slope crosses y = 0 (the
// sources' first one moved by w), squared.
double landing(double w) {
  std::vector<Vec2> sources{{4.0, 6.0 - w}, {5.0, 1.0}};
  Vec2 p{0.0, 5.0}, v{0.6, 0.0};
  const double dt = 0.1;
  while (true) {
    const Vec2 a = tangent::grad<potential, at_point>()(sources, p);
    p.x += dt * v.x;
    p.y += dt * v.y;
    if (p.y <= 0.0) {
      const double back = -p.y / v.y;
      const double x = p.x + back * v.x;
      return x * x;
    }
    v.x += dt * a.x;
    v.y += dt * a.y - dt;
  }
}

// The slope of a scalar function.
double slope_squared(double a, double x) {
  const double d = tangent::grad<wave, at_point>()(a, x);
  return d * d + a * d;
}

// Every parameter selected, an integer among them: it gets no gradient.
double power_slope(double x) { return tangent::grad<power>()(x, 3) * x; }

// A nested gradient of a function that calls a gradient itself, and one
// called in a lambda.
double slope_times(double a, double x) {
  return tangent::grad<wave, at_point>()(a, x) * a;
}
double nested_twice(double a, double x) {
  return tangent::grad<slope_times, at_point>()(a, x) + x;
}
double in_lambda(double a, double x) {
  auto slope = [&](double t) { return tangent::grad<wave, at_point>()(a, t); };
  return slope(x) * slope(2.0 * x);
}

// The gradient of two scalars: a std::tuple.
double gradient_norm(double x, double y, double c) {
  auto [gx, gy] =
      tangent::grad<bowl, tangent::options{.wrt = 0b011}>()(x, y, c);
  const auto g = tangent::grad<bowl, tangent::options{.wrt = 0b011}>()(y, x, c);
  return gx * gx + gy * gy + std::get<0>(g) * std::get<1>(g);
}

// Gradient descent on well(a, .) from x0, unrolled: the minimiser's
// sensitivity to a.
double descent(double a, double x0) {
  double x = x0;
  for (int k = 0; k < 40; ++k)
    x -= 0.2 * tangent::grad<well, at_point>()(a, x);
  return x * x + a;
}

// A nested gradient in a callee, called in a loop.
double kick(const std::vector<Vec2> &sources, Vec2 &p, double dt) {
  const Vec2 f = tangent::grad<potential, at_point>()(sources, p);
  p.x += dt * f.x;
  p.y += dt * f.y;
  return f.x * f.x + f.y * f.y;
}

double drift(double w, double h) {
  std::vector<Vec2> sources{{1.0, 2.0 * w}, {-1.0, h}};
  Vec2 p{0.3, 0.1};
  double e = 0.0;
  for (int k = 0; k < 12; ++k)
    e += kick(sources, p, 0.05);
  return e + p.x * p.y;
}

// The same descent, its loop checkpointed (sqrt(n) segments), and a
// landing loop checkpointed online (its trip count is unknown); each with
// its fully taped twin, the same body without the attribute.
// clang-format off
#define CKPT [[tangent::checkpoint]]
#define CKPT_ONLINE [[tangent::checkpoint(4)]]
#define TAPED
#define DESCENT_LONG(CK) {                                                     \
    double x = x0;                                                             \
    CK for (int k = 0; k < 150; ++k)                                           \
      x -= 0.05 * tangent::grad<well, at_point>()(a, x);                       \
    return x * x * x + a * x;                                                  \
  }
#define LANDING_WHILE(CK) {                                                    \
    std::vector<Vec2> sources{{4.0, 6.0 - w}, {5.0, 1.0}};                     \
    Vec2 p{0.0, 5.0}, v{0.6, 0.0};                                             \
    const double dt = 0.1;                                                     \
    CK while (p.y > 0.0) {                                                     \
      const Vec2 a = tangent::grad<potential, at_point>()(sources, p);         \
      p.x += dt * v.x;                                                         \
      p.y += dt * v.y;                                                         \
      v.x += dt * a.x;                                                         \
      v.y += dt * a.y - dt;                                                    \
    }                                                                          \
    return p.x * p.x + v.x;                                                    \
  }
double descent_long(double a, double x0) DESCENT_LONG(CKPT)
double descent_long_taped(double a, double x0) DESCENT_LONG(TAPED)
double landing_online(double w) LANDING_WHILE(CKPT_ONLINE)
double landing_taped(double w) LANDING_WHILE(TAPED)
    // clang-format on

    // f's gradient against central differences of f, and its value against a
    // plain call within rounding.
    template <auto F, class... X>
    void check_nested(const char *name, X... args) {
  const auto [value, g] = tangent::grad<F>().value_and_grad(args...);
  tangent_test::check_near(
      std::string(name) + "/value", std::vector<double>{value},
      std::vector<double>{F(args...)}, tangent_test::tight_tol);
  tangent_test::check_near(std::string(name) + "/grad~fd",
                           tangent_test::flatten(g),
                           tangent_test::detail::reference<F>(~0ull, args...));
  if constexpr (sizeof...(X) == 1) {
    const double jvp = tangent::jvp<F>()(args..., 1.0);
    tangent_test::check_near(std::string(name) + "/jvp==grad",
                             std::vector<double>{jvp}, tangent_test::flatten(g),
                             tangent_test::tight_tol);
  }
}

#endif

int main() {
  tangent_test::check_true(
      "primal", std::isfinite(potential({{1.0, 2.0}}, Vec2{0.5, 0.25})));
#ifndef TANGENT_E2E_SELFTEST
  check_nested<landing>("landing", 0.0);
  check_nested<landing>("landing_moved", 0.7);
  check_nested<slope_squared>("slope_squared", 0.8, 0.3);
  check_nested<gradient_norm>("gradient_norm", 0.4, -0.7, 1.3);
  check_nested<power_slope>("power_slope", 0.7);
  check_nested<nested_twice>("nested_twice", 0.8, 0.3);
  check_nested<in_lambda>("in_lambda", 0.8, 0.3);
  check_nested<descent>("descent", 0.6, 2.0);
  check_nested<drift>("drift", 0.5, -0.4);
  check_nested<descent_long>("descent_long", 0.6, 2.0);
  check_nested<landing_online>("landing_online", 0.3);
  tangent_test::check_same("descent_long/checkpointed==taped",
                           tangent::grad<descent_long>()(0.6, 2.0),
                           tangent::grad<descent_long_taped>()(0.6, 2.0));
  tangent_test::check_same("landing_online/checkpointed==taped",
                           tangent::grad<landing_online>()(0.3),
                           tangent::grad<landing_taped>()(0.3));
  // Other strategies of the same loop: bitwise the full tape.
  tangent_test::check_same(
      "descent_long/budget==taped",
      tangent::grad<descent_long, tangent::options{.memory_budget = 600}>()(
          0.6, 2.0),
      tangent::grad<descent_long_taped>()(0.6, 2.0));
  tangent_test::check_same(
      "descent_long/threads==taped",
      tangent::grad<descent_long, tangent::options{.checkpoint = true,
                                                   .threads = 2}>()(0.6, 2.0),
      tangent::grad<descent_long_taped>()(0.6, 2.0));
  // Third order: the Hessian of a function of a gradient, against its
  // closed form (d = a cos x + 3x^2, f = d^2 + a d).
  {
    const double a = 0.8, x = 0.3, d = a * std::cos(x) + 3 * x * x;
    const double dx = -a * std::sin(x) + 6 * x;
    const auto [haa, hax] = tangent::hvp<slope_squared>()(a, x, 1.0, 0.0);
    tangent_test::check_near(
        "slope_squared/hvp", std::vector<double>{haa, hax},
        std::vector<double>{2 * std::cos(x) * std::cos(x) + 2 * std::cos(x),
                            2 * dx * std::cos(x) - 2 * d * std::sin(x) + dx -
                                a * std::sin(x)},
        tangent_test::tight_tol);
  }
  // The nested request itself, differentiated by the user's own call.
  const Vec2 a = tangent::grad<potential, at_point>()(
      std::vector<Vec2>{{4.0, 6.0}, {5.0, 1.0}}, Vec2{0.0, 5.0});
  tangent_test::check_true("nested request", std::isfinite(a.x + a.y));
#endif
  return tangent_test::summary();
}
