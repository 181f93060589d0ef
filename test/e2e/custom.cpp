// End-to-end: user-provided (custom) derivatives.
//
// Convention. For a function `R name(P...)` the user may provide, in
// namespace `tangent::custom`, a function
//
//   void name_pullback(P... args, <adjoints>, double d_result);
//
// taking f's parameters unchanged, then one adjoint per differentiable
// parameter in parameter order (`T*` for a floating scalar `T`,
// `std::vector<T>&` for a vector, `std::array<T, N>&` for an array; nothing
// for int, bool, enum, ... parameters), then the adjoint of the result. It
// adds d_result * d(result)/d(parameter) into each adjoint (accumulates, never
// overwrites). The generator looks this function up before differentiating
// the callee's body and before its built-in rule table, so a custom pullback
// also serves functions without a body and overrides built-in rules (see
// custom_sin.cpp, kept apart so that its override of sin stays local).
//
// To prove that the custom rule is used rather than the body, several rules
// below are deliberately wrong by a known factor or term, and the test
// asserts that exact (wrong) value. In self-test mode (finite differences)
// the same checks compare with the true derivative instead, which validates
// the hand-derived formulas.
#include "check.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

double my_softplus(double x) { return std::log1p(std::exp(x)); }

double my_norm(const std::vector<double> &v) {
  double s = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += v[i] * v[i];
  return std::sqrt(s);
}

double my_mul(double a, double b) { return a * b; }

double int_pow(double x, int n) {
  double r = 1.0;
  for (int i = 0; i < n; ++i)
    r *= x;
  return r;
}

namespace tangent::custom {
// Deliberately twice the true derivative sigmoid(x).
void my_softplus_pullback(double x, double *d_x, double d_result) {
  *d_x += 2.0 * d_result * sigmoid(x);
}

// Deliberately the derivative of |v|^2 / 2 (v) instead of that of |v|.
void my_norm_pullback(const std::vector<double> &v, std::vector<double> &d_v,
                      double d_result) {
  for (std::size_t i = 0; i < v.size(); ++i)
    d_v[i] += d_result * v[i];
}

// Deliberately 10 b (true: b) for a; correct for b.
void my_mul_pullback(double a, double b, double *d_a, double *d_b,
                     double d_result) {
  *d_a += 10.0 * d_result * b;
  *d_b += d_result * a;
}

// Correct; the int parameter is passed through and gets no adjoint.
void int_pow_pullback(double x, int n, double *d_x, double d_result) {
  *d_x += d_result * n * std::pow(x, n - 1);
}

// j0 (POSIX Bessel function, declared in <cmath> without a body here):
// correct, j0' = -j1.
void j0_pullback(double x, double *d_x, double d_result) {
  *d_x -= d_result * ::j1(x);
}
} // namespace tangent::custom

double uses_softplus(double x) { return 3.0 * my_softplus(x) + x; }

// The custom rule inside a loop.
double softplus_sum(const std::vector<double> &v) {
  double s = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += my_softplus(v[i]) * (i + 1.0);
  return s;
}

double uses_norm(const std::vector<double> &v, double w) {
  return my_norm(v) * w;
}

double uses_mul(double a, double b) { return my_mul(a, b) + a; }

double uses_int_pow(double x) { return int_pow(x, 3) + int_pow(x + 1.0, 2); }

// A callee without a body: only the custom derivative makes it usable.
double bessel_mix(double x) { return ::j0(x) * x; }

int main() {
  using namespace tangent_test;

  {
    const double x = 0.4;
    check_custom("uses_softplus", tangent::grad<uses_softplus>()(x),
                 6.0 * sigmoid(x) + 1.0, 3.0 * sigmoid(x) + 1.0);
  }
  {
    const std::vector<double> v{0.5, -1.0, 2.0};
    std::vector<double> custom(v.size()), truth(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      custom[i] = 2.0 * sigmoid(v[i]) * (i + 1.0);
      truth[i] = sigmoid(v[i]) * (i + 1.0);
    }
    check_custom("softplus_sum", tangent::grad<softplus_sum>()(v), custom,
                 truth);
  }
  {
    const std::vector<double> v{3.0, -4.0, 12.0};
    const double w = 1.5;
    auto [dv, dw] = tangent::grad<uses_norm>()(v, w);
    // d/dw = |v| = 13 either way.
    check_custom("uses_norm", std::tuple{dv, dw},
                 std::tuple{std::vector<double>{4.5, -6.0, 18.0}, 13.0},
                 std::tuple{std::vector<double>{w * 3.0 / 13.0, w * -4.0 / 13.0,
                                                w * 12.0 / 13.0},
                            13.0});
  }
  {
    auto [da, db] = tangent::grad<uses_mul>()(2.0, -3.0);
    check_custom("uses_mul", std::tuple{da, db}, std::tuple{-29.0, 2.0},
                 std::tuple{-2.0, 2.0});
  }
  // Correct custom rules: plain finite-difference checks.
  check("uses_int_pow", tangent::grad<uses_int_pow>(), 1.3);
  check_near("uses_int_pow/analytic", tangent::grad<uses_int_pow>()(2.0), 18.0);
  check("bessel_mix", tangent::grad<bessel_mix>(), 1.7);
  check_value_and_grad("bessel_mix/value_and_grad", tangent::grad<bessel_mix>(),
                       0.6);

  return summary();
}
