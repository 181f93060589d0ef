// End-to-end: a user-provided derivative overrides a built-in rule.
//
// Convention (see custom.cpp): `tangent::custom::name_pullback(args...,
// adjoints..., double d_result)`, looked up before the built-in rule table.
// Here `sin` gets a deliberately wrong rule, d sin(x) = cos(x) + 1, so the
// test can tell it was used; it lives in its own program so that no other
// test sees it. Other math functions keep their built-in rules. In self-test
// mode (finite differences) the checks compare with the true derivatives.
#include "check.hpp"

#include <cmath>

namespace tangent::custom {
void sin_pullback(double x, double *d_x, double d_result) {
  *d_x += d_result * (std::cos(x) + 1.0);
}
} // namespace tangent::custom

double sin_twice(double x) { return 2.0 * std::sin(x) + std::cos(x); }

// Unqualified ::sin (from <math.h>) is the same function.
double sin_chain(double x, double y) { return sin(x * y) * y; }

double sin_times(double x) { return std::sin(x) * x; }

// The override also applies inside callees.
double through_callee(double x) { return sin_times(x) + x; }

// No sin: built-in rules only.
double no_sin(double x) { return std::cos(x) * std::tan(x) + std::exp(x); }

int main() {
  using namespace tangent_test;

  {
    const double x = 0.8;
    check_custom("sin_twice", tangent::grad<sin_twice>()(x),
                 2.0 * (std::cos(x) + 1.0) - std::sin(x),
                 2.0 * std::cos(x) - std::sin(x));
  }
  {
    const double x = 0.6, y = 1.3;
    const double c = std::cos(x * y), s = std::sin(x * y);
    auto [dx, dy] = tangent::grad<sin_chain>()(x, y);
    check_custom("sin_chain", std::tuple{dx, dy},
                 std::tuple{(c + 1.0) * y * y, (c + 1.0) * x * y + s},
                 std::tuple{c * y * y, c * x * y + s});
  }
  {
    const double x = -0.9;
    check_custom("through_callee", tangent::grad<through_callee>()(x),
                 (std::cos(x) + 1.0) * x + std::sin(x) + 1.0,
                 std::cos(x) * x + std::sin(x) + 1.0);
  }
  check("no_sin", tangent::grad<no_sin>(), 0.5);

  return summary();
}
