// End-to-end: the <cmath> functions of the rules table, std::min/std::max,
// and the piecewise-constant functions (floor, ceil, round, trunc: derivative
// 0), and library functions without a rule called on integers (constants).
// Every point is well away from kinks (abs, min, max) and from the jumps of
// the piecewise-constant functions.
#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

double trig(double x, double y) {
  return std::sin(x) * std::cos(y) + std::tan(x * y);
}

double inverse_trig(double x, double y) {
  return std::asin(x) + std::acos(y) + std::atan(x * y) + std::atan2(y, x);
}

double hyperbolic(double x) {
  return std::sinh(x) * std::cosh(0.5 * x) + std::tanh(2.0 * x);
}

double exp_log(double x, double y) {
  return std::exp(x) * std::log(y) + std::exp2(x - y) + std::log2(x + y) -
         std::log10(x * y);
}

double accurate_near_zero(double x) {
  return std::log1p(x * x) + 3.0 * std::expm1(-x);
}

double roots_powers(double x, double y) {
  return std::sqrt(x) + std::cbrt(y) + std::pow(x, y) + std::pow(y, 3) +
         std::hypot(x, y);
}

double pow_forms(double x, double y) {
  return std::pow(2.0, x) + std::pow(x, 0.5) + std::pow(x, -2) + std::pow(y, x);
}

double abs_min_max(double x, double y) {
  return std::fabs(x) * std::abs(y) + std::fmin(x, y) +
         2.0 * std::fmax(x * y, -1.0) + std::min(x, 0.5) - std::max(y, x) +
         std::max(-x, y * y);
}

double fused(double x, double y, double z) {
  return std::fma(x, y, z) * std::fma(z, z, -x);
}

double error_functions(double x) {
  return 2.0 * std::erf(x) - std::erfc(0.5 * x) * x;
}

// Piecewise constant: floor(y) etc. contribute values, never derivatives.
double steps(double x, double y) {
  return x * std::floor(y) + y * std::ceil(x) + std::round(x) * std::trunc(y) +
         std::floor(x * y) + std::round(y * y) * x;
}

// Single-precision overloads.
float float_math(float x) {
  return std::sin(x) * std::exp(x) + std::sqrt(x) / std::log(x + 2.0f) +
         std::tanh(x) * std::pow(x, 2.5f);
}

// Compositions as they appear in activation functions.
double activations(double x) {
  double sigmoid = 1.0 / (1.0 + std::exp(-x));
  double softplus = std::log(1.0 + std::exp(x));
  double gelu = 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
  return sigmoid * softplus + gelu;
}

// A library function without a derivative rule, called on constants (a
// log-gamma of integers, as a Wishart prior has it): a constant.
double wishart_like(double q, int p) {
  double s = 0.25 * p * (p - 1) * std::log(3.14159);
  for (int j = 1; j <= p; ++j)
    s += std::lgamma(0.5 * (p + 1 - j)) * q * q - std::tgamma(1.0 + j % 3);
  return s * std::erf(q);
}

// The same with integers read from objects and containers (issue 43): an
// int field of a parameter, of a local and of an element of a vector of
// objects, an element of a vector of ints and a size; a library function
// without a rule on them (std::lgamma, std::tgamma, std::beta) is a
// constant, in a product with what is differentiated.
struct Prior {
  int m;
  double scale;
  std::vector<int> counts;
};
template <> struct tangent_test::fields<Prior> {
  static auto of(Prior &p) { return std::tie(p.scale); }
};
double prior_terms(double q, int d, const Prior &prior,
                   const std::vector<Prior> &more) {
  Prior local{d + 1, q, {2, 3}};
  double s = std::lgamma(0.5 * (d + prior.m)) * q * prior.scale +
             std::tgamma(1.5 + local.m) * q * local.scale +
             std::beta(prior.counts[0] + 0.5, local.counts[1] + 1.0) * q;
  for (std::size_t i = 0; i < more.size(); ++i)
    s += std::lgamma(more[i].m + 0.5 * more.size()) * more[i].scale * q;
  return s;
}

int main() {
  using namespace tangent_test;

  check("trig", tangent::grad<trig>(), 0.7, 0.4);
  {
    // d/dx sin(x) = cos(x) exactly as the rule says.
    auto df = tangent::grad<trig>();
    auto [gx, gy] = df(0.0, 0.0);
    check_near("trig/analytic_at_0", std::tuple{gx, gy}, std::tuple{1.0, 0.0});
  }
  check("inverse_trig", tangent::grad<inverse_trig>(), 0.3, -0.45);
  check("inverse_trig/other_quadrant", tangent::grad<inverse_trig>(), -0.6,
        0.2);
  check("hyperbolic", tangent::grad<hyperbolic>(), 0.6);
  check("exp_log", tangent::grad<exp_log>(), 0.8, 1.7);
  check_value_and_grad("exp_log/value_and_grad", tangent::grad<exp_log>(), 1.2,
                       0.9);
  check("accurate_near_zero", tangent::grad<accurate_near_zero>(), 0.05);
  check("accurate_near_zero/moderate", tangent::grad<accurate_near_zero>(),
        -0.8);
  check("roots_powers", tangent::grad<roots_powers>(), 1.3, 2.2);
  check("roots_powers/negative_cbrt", tangent::grad<roots_powers>(), 0.7, -1.9);
  check("pow_forms", tangent::grad<pow_forms>(), 1.6, 2.3);
  check("abs_min_max", tangent::grad<abs_min_max>(), -0.8, 1.4);
  check("abs_min_max/other_side", tangent::grad<abs_min_max>(), 1.5, -0.3);
  check("fused", tangent::grad<fused>(), 0.9, -1.2, 1.7);
  check("error_functions", tangent::grad<error_functions>(), 0.6);
  check("steps", tangent::grad<steps>(), 2.3, -1.6);
  {
    // d/dx = floor(y) + round(y * y) = -2 + 3, d/dy = ceil(x) = 3: the
    // floor/ceil/round/trunc factors contribute no derivative of their own.
    auto df = tangent::grad<steps>();
    auto [gx, gy] = df(2.3, -1.6);
    check_near("steps/analytic", std::tuple{gx, gy}, std::tuple{1.0, 3.0});
  }
  check("float_math", tangent::grad<float_math>(), 0.9f);
  check("activations", tangent::grad<activations>(), 0.35);
  check("activations/negative", tangent::grad<activations>(), -1.7);
  check_pullback("activations/pullback", tangent::grad<activations>(), 0.5,
                 1.1);
  check("wishart_like", tangent::grad<wishart_like>(), 0.7, 4);
  check("prior_terms", tangent::grad<prior_terms>(), 0.7, 3,
        Prior{2, 1.3, {1, 4}},
        std::vector<Prior>{Prior{1, 0.4, {}}, Prior{5, -0.6, {}}});

  return summary();
}
