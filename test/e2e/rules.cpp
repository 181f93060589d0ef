// Every derivative rule of the table (plugin/rules/Rules.def) at ordinary
// points, compared with finite differences, and at the edges of its domain
// (zero, negative values, infinity) where the derivative is known exactly:
// no NaN where the derivative has a limit.
#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

double r_sin(double x) { return std::sin(x); }
double r_cos(double x) { return std::cos(x); }
double r_tan(double x) { return std::tan(x); }
double r_asin(double x) { return std::asin(x); }
double r_acos(double x) { return std::acos(x); }
double r_atan(double x) { return std::atan(x); }
double r_atan2(double y, double x) { return std::atan2(y, x); }
// A negative literal as the argument a row negates (`-$0`) printed "--0.45".
double r_atan2_literal(double x) { return std::atan2(-0.45, x); }
double r_sinh(double x) { return std::sinh(x); }
double r_cosh(double x) { return std::cosh(x); }
double r_tanh(double x) { return std::tanh(x); }
double r_exp(double x) { return std::exp(x); }
double r_exp2(double x) { return std::exp2(x); }
double r_log(double x) { return std::log(x); }
double r_log2(double x) { return std::log2(x); }
double r_log10(double x) { return std::log10(x); }
double r_log1p(double x) { return std::log1p(x); }
double r_expm1(double x) { return std::expm1(x); }
double r_sqrt(double x) { return std::sqrt(x); }
double r_cbrt(double x) { return std::cbrt(x); }
double r_pow(double x, double y) { return std::pow(x, y); }
double r_hypot(double x, double y) { return std::hypot(x, y); }
double r_fabs(double x) { return std::fabs(x); }
double r_fmin(double x, double y) { return std::fmin(x, y); }
double r_fmax(double x, double y) { return std::fmax(x, y); }
double r_min(double x, double y) { return std::min(x, y); }
double r_max(double x, double y) { return std::max(x, y); }
double r_fma(double x, double y, double z) { return std::fma(x, y, z); }
double r_clamp(double x, double lo, double hi) { return std::clamp(x, lo, hi); }
double r_erf(double x) { return std::erf(x); }
double r_erfc(double x) { return std::erfc(x); }
double r_floor(double x) { return std::floor(x) * x; }
double r_ceil(double x) { return std::ceil(x) * x; }
double r_round(double x) { return std::round(x) * x; }
double r_trunc(double x) { return std::trunc(x) * x; }
double r_ops(double x, double y) {
  return (x + y) * (x - y) / (1 + y * y) - -x;
}

using namespace tangent_test;

int main() {
  // Ordinary points, positive and negative.
  for (double x : {0.3, -0.7}) {
    check("sin", tangent::grad<r_sin>(), x);
    check("cos", tangent::grad<r_cos>(), x);
    check("tan", tangent::grad<r_tan>(), x);
    check("asin", tangent::grad<r_asin>(), x);
    check("acos", tangent::grad<r_acos>(), x);
    check("atan", tangent::grad<r_atan>(), x);
    check("atan2", tangent::grad<r_atan2>(), x, 0.9);
    check("atan2/neg_x", tangent::grad<r_atan2>(), x, -0.9);
    check("atan2/negative_literal", tangent::grad<r_atan2_literal>(), x);
    check("sinh", tangent::grad<r_sinh>(), x);
    check("cosh", tangent::grad<r_cosh>(), x);
    check("tanh", tangent::grad<r_tanh>(), x);
    check("exp", tangent::grad<r_exp>(), x);
    check("exp2", tangent::grad<r_exp2>(), x);
    check("log1p", tangent::grad<r_log1p>(), x);
    check("expm1", tangent::grad<r_expm1>(), x);
    check("cbrt", tangent::grad<r_cbrt>(), x);
    check("hypot", tangent::grad<r_hypot>(), x, 0.4);
    check("fabs", tangent::grad<r_fabs>(), x);
    check("fmin", tangent::grad<r_fmin>(), x, 0.1);
    check("fmax", tangent::grad<r_fmax>(), x, 0.1);
    check("min", tangent::grad<r_min>(), x, 0.1);
    check("max", tangent::grad<r_max>(), x, 0.1);
    check("fma", tangent::grad<r_fma>(), x, 0.6, -0.2);
    check("clamp/inside", tangent::grad<r_clamp>(), x, -0.9, 0.8);
    check("clamp/below", tangent::grad<r_clamp>(), x, 0.5, 0.8);
    check("clamp/above", tangent::grad<r_clamp>(), x, -0.9, -0.8);
    check("erf", tangent::grad<r_erf>(), x);
    check("erfc", tangent::grad<r_erfc>(), x);
    check("floor", tangent::grad<r_floor>(), x);
    check("ceil", tangent::grad<r_ceil>(), x);
    check("round", tangent::grad<r_round>(), x + 0.1);
    check("trunc", tangent::grad<r_trunc>(), x);
    check("ops", tangent::grad<r_ops>(), x, 0.8);
    check("pow/neg_exponent", tangent::grad<r_pow>(), 1.3, x);
  }
  for (double x : {0.4, 2.5}) {
    check("log", tangent::grad<r_log>(), x);
    check("log2", tangent::grad<r_log2>(), x);
    check("log10", tangent::grad<r_log10>(), x);
    check("sqrt", tangent::grad<r_sqrt>(), x);
    check("pow", tangent::grad<r_pow>(), x, 1.7);
  }
  // A negative base with an integral exponent: d/dx is defined.
  check_near("pow/negative_base/dx",
             std::get<0>(tangent::grad<r_pow>()(-1.5, 3.0)), 3 * 1.5 * 1.5);

#ifndef TANGENT_E2E_SELFTEST
  // Edges of the domains: the derivative's limit, never NaN. (Finite
  // differences cannot check these: the functions are not differentiable on
  // both sides of the point.)
  const double inf = std::numeric_limits<double>::infinity();
  auto [p0x, p0y] = tangent::grad<r_pow>()(0.0, 2.0);
  check_near("pow/zero_base/dx", p0x, 0.0); // 2 * 0^1
  check_near("pow/zero_base/dy", p0y, 0.0); // 0^2 * log(0) -> 0
  auto [p1x, p1y] = tangent::grad<r_pow>()(0.0, 1.0);
  check_near("pow/zero_base_one/dx", p1x, 1.0);
  check_near("pow/zero_base_one/dy", p1y, 0.0);
  auto [pex, pey] = tangent::grad<r_pow>()(0.0, 0.0);
  check_near("pow/zero_zero/dx", pex, 0.0); // x^0 = 1 everywhere
  check_true("pow/zero_zero/dy_finite", std::isfinite(pey));
  auto [pzx, pzy] = tangent::grad<r_pow>()(2.0, 0.0);
  check_near("pow/zero_exponent/dx", pzx, 0.0);
  check_near("pow/zero_exponent/dy", pzy, std::log(2.0));
  auto [hx, hy] = tangent::grad<r_hypot>()(0.0, 0.0);
  check_near("hypot/origin", std::vector<double>{hx, hy},
             std::vector<double>{0.0, 0.0});
  auto [ay, ax] = tangent::grad<r_atan2>()(0.0, 0.0);
  check_near("atan2/origin", std::vector<double>{ay, ax},
             std::vector<double>{0.0, 0.0});
  check_near("atan2/negative_axis",
             std::get<0>(tangent::grad<r_atan2>()(0.0, -2.0)), -0.5);
  check_true("sqrt/zero_is_inf", tangent::grad<r_sqrt>()(0.0) == inf);
  check_near("fabs/zero", tangent::grad<r_fabs>()(0.0), 1.0);
  check_near("tanh/large", tangent::grad<r_tanh>()(40.0), 0.0);
  check_near("exp/very_negative", tangent::grad<r_exp>()(-800.0), 0.0);
  check_near("log1p/zero", tangent::grad<r_log1p>()(0.0), 1.0);
  check_near("atan/inf", tangent::grad<r_atan>()(inf), 0.0);
  check_near("erf/zero", tangent::grad<r_erf>()(0.0),
             2.0 / std::sqrt(std::numbers::pi));
  check_near("floor/zero_slope", tangent::grad<r_floor>()(2.5), 2.0);
#endif
  return summary();
}
