// End-to-end: kinds of free functions (namespaces, static, inline, template
// specializations, float), kinds of parameters (scalars by value and const&,
// int/bool/enum passed through) and arithmetic expressions.
#include "check.hpp"

#include <cmath>

// A plain free function.
double square_plus(double x) { return x * x + 3.0 * x - 1.0; }

// Two scalar parameters: the gradient is a std::tuple.
double poly2(double x, double y) { return 3.0 * x * x * y - y / x + 2.5; }

namespace geo {
// Scalars by const reference.
double dist2(const double &x, const double &y) {
  return x * x + 2.0 * x * y + 4.0 * y * y;
}
} // namespace geo

namespace outer::inner {
double blend(double a, double b, double t) { return (1.0 - t) * a + t * b * b; }
} // namespace outer::inner

namespace outer {
namespace deeper {
namespace deepest {
double triple(double a) { return a * a * a - 2.0 * a; }
} // namespace deepest
} // namespace deeper
} // namespace outer

// static, unary minus, division.
static double neg_quot(double x, double y) {
  return -x / (y * y) + -(x - y) * -y;
}

inline double cube_inline(double x) { return x * x * x; }

// Function templates: requested through their specializations.
template <class T> T sq(T x) { return x * x; }

template <class T, int N> T power_n(T x) {
  T r = T(1);
  for (int i = 0; i < N; ++i)
    r = r * x;
  return r;
}

// Single precision throughout (checked with the float tolerance).
float mixf(float x, float y) { return x * y + x / y - 2.0f * y; }

// An int parameter passed through, converted to double implicitly.
double scaled(double x, int n) { return x * n + x * x / n; }

// A bool parameter passed through.
double flip(double x, bool negate) {
  if (negate)
    return -x * x;
  return x * x * x;
}

// An enum parameter passed through.
enum class Op { add, mul, square_sum };

double apply_op(double x, double y, Op op) {
  switch (op) {
  case Op::add:
    return x + 2.0 * y;
  case Op::mul:
    return x * y;
  case Op::square_sum:
    return x * x + y * y;
  }
  return 0.0;
}

// Casts from int, and between double and float.
double casts(double x, int k) {
  double a = static_cast<double>(k) * x;
  double b = (double)k / 3.0 * x * x;
  float xf = static_cast<float>(x);
  double c = double(xf) * 0.5;
  return a + b + c;
}
#ifdef TANGENT_E2E_FORWARD
// c rounds x to float: both modes differentiate that step in single precision.
template <> inline constexpr double tangent_test::forward_rel<casts> = 1e-7;
#endif

// A float parameter in a double function: the gradient is tuple<float, double>.
double widen(float x, double y) { return static_cast<double>(x) * y + x * x; }

// Comparisons and logical operators on the way to the result.
double logic(double x, double y) {
  bool both = x > 0.0 && y > 0.0;
  if (both || !(x <= y))
    return x * y + (x >= 1.0 ? x : 0.0);
  if (x != y && !both)
    return x - y * y;
  return x == y ? 0.0 : -x;
}

int main() {
  using namespace tangent_test;

  check("square_plus", tangent::grad<square_plus>(), 1.7);
  check("square_plus/negative", tangent::grad<square_plus>(), -2.25);
  check_value_and_grad("square_plus/value_and_grad",
                       tangent::grad<square_plus>(), 0.3);
  check_pullback("square_plus/pullback", tangent::grad<square_plus>(), 2.5,
                 1.1);
  {
    // Exact: d/dx (x^2 + 3x - 1) = 2x + 3.
    auto df = tangent::grad<square_plus>();
    check_near("square_plus/analytic", df(1.5), 6.0);
    double dx = 1.0;
    double y = df.pullback(1.5, &dx);
    check_near("square_plus/pullback_accumulates", dx, 7.0);
    check_near("square_plus/pullback_value", y, 5.75, value_tol);
  }

  check("poly2", tangent::grad<poly2>(), 1.3, -0.7);
  {
    auto df = tangent::grad<poly2>();
    static_assert(
        std::is_same_v<decltype(df(1.0, 2.0)), std::tuple<double, double>>);
    // d/dx = 6xy + y/x^2, d/dy = 3x^2 - 1/x at (2, 1): (12.25, 11.5).
    auto [gx, gy] = df(2.0, 1.0);
    check_near("poly2/analytic", std::tuple{gx, gy}, std::tuple{12.25, 11.5});
  }
  check_value_and_grad("poly2/value_and_grad", tangent::grad<poly2>(), 0.8,
                       1.9);

  check("geo::dist2", tangent::grad<geo::dist2>(), 0.6, -1.4);
  check_pullback("geo::dist2/pullback", tangent::grad<geo::dist2>(), -1.0, 0.6,
                 -1.4);
  check("outer::inner::blend", tangent::grad<outer::inner::blend>(), 2.0, -3.0,
        0.25);
  check("outer::deeper::deepest::triple",
        tangent::grad<outer::deeper::deepest::triple>(), 1.2);
  check("neg_quot", tangent::grad<neg_quot>(), 0.9, 1.6);
  check("cube_inline", tangent::grad<cube_inline>(), -1.3);
  check("sq<double>", tangent::grad<sq<double>>(), 2.5);
  check("sq<float>", tangent::grad<sq<float>>(), 1.25f);
  static_assert(
      std::is_same_v<decltype(tangent::grad<sq<float>>()(1.0f)), float>);
  check("power_n<double,4>", tangent::grad<power_n<double, 4>>(), 1.1);
  check("mixf", tangent::grad<mixf>(), 1.5f, 0.8f);
  check_value_and_grad("mixf/value_and_grad", tangent::grad<mixf>(), -0.6f,
                       1.3f);
  check("scaled", tangent::grad<scaled>(), 0.7, 3);
  check("scaled/n=-2", tangent::grad<scaled>(), 1.9, -2);
  static_assert(
      std::is_same_v<decltype(tangent::grad<scaled>()(1.0, 1)), double>);
  check("flip/true", tangent::grad<flip>(), 1.4, true);
  check("flip/false", tangent::grad<flip>(), 1.4, false);
  check("apply_op/add", tangent::grad<apply_op>(), 0.5, 1.5, Op::add);
  check("apply_op/mul", tangent::grad<apply_op>(), 0.5, 1.5, Op::mul);
  check("apply_op/square_sum", tangent::grad<apply_op>(), 0.5, 1.5,
        Op::square_sum);
  // double -> float -> double rounds: finite differences only resolve it
  // to single precision.
  check("casts", float_tol, tangent::grad<casts>(), 1.3, 4);
  check("widen", tangent::grad<widen>(), 0.75f, -1.5);
  static_assert(std::is_same_v<decltype(tangent::grad<widen>()(1.0f, 1.0)),
                               std::tuple<float, double>>);
  check("logic/first_branch", tangent::grad<logic>(), 1.5, 2.0);
  check("logic/second_branch", tangent::grad<logic>(), -1.0, 2.0);
  check("logic/third_operand", tangent::grad<logic>(), 0.5, 0.25);

  return summary();
}
