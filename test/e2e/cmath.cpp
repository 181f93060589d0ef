// The rest of <cmath>: the inverse hyperbolic functions, fmod, remainder,
// fdim, the rounding functions nearbyint and rint (piecewise constant),
// lgamma and tgamma, copysign, ldexp, scalbn, lerp, expint, beta, logb, and
// C's float and long double spellings of the functions of the rule table
// (sinf, expf, powf, expl, sinl...), which are std::sin and friends of a
// float or a long double. Each against finite differences, at ordinary
// points of both signs.
#include "check.hpp"

#include <cmath>
#include <math.h>

double c_asinh(double x) { return std::asinh(x); }
double c_acosh(double x) { return std::acosh(x); }
double c_atanh(double x) { return std::atanh(x); }
double c_fmod(double x, double y) { return std::fmod(x, y); }
double c_remainder(double x, double y) { return std::remainder(x, y); }
double c_fdim(double x, double y) { return std::fdim(x, y); }
double c_nearbyint(double x) { return std::nearbyint(x) * x; }
double c_rint(double x) { return std::rint(x) * x; }
// C's spellings, declared in <math.h> at global scope.
float c_float(float x) {
  return sinf(x) + cosf(x) * expf(0.5f * x) + sqrtf(2 + x) +
         powf(1.5f + x, 1.3f) + fabsf(x) + tanhf(x) + logf(2 + x) +
         hypotf(x, 2.0f) + fmaxf(x, 0.1f) + atan2f(x, 1.5f) + cbrtf(3 + x) +
         asinhf(x) + fmodf(x + 4, 1.5f);
}
double c_long_double(double x) {
  const long double y = x;
  return static_cast<double>(expl(y) + sinl(y) * logl(2 + y) + sqrtl(3 + y) +
                             tanhl(y) + atanhl(0.5L * y));
}
double c_global(double x) { return ::sin(x) * ::exp(x) + ::asinh(x); }
// The gamma functions (their derivatives need the digamma function, which
// the runtime provides), left and right of the poles, and their float
// spellings (c_float_gamma).
double c_lgamma(double x) { return std::lgamma(x); }
double c_tgamma(double x) { return std::tgamma(x); }
float c_float_gamma(float x) { return lgammaf(2 + x) + tgammaf(1.5f + x); }
// copysign, ldexp / scalbn / scalbln (an integer exponent), std::lerp,
// std::expint, std::beta (through polygamma) and logb (piecewise constant).
double c_copysign(double x, double y) {
  return std::copysign(x * x + 1, y) * x + std::copysign(x, -0.0);
}
double c_scale(double x, int n) {
  return std::ldexp(x, n) * x + std::scalbn(x, -n) + std::scalbln(x, 3L);
}
double c_lerp(double a, double b, double t) { return std::lerp(a, b, t * t); }
double c_special(double x, double y) {
  return std::expint(x + 2) + std::beta(x + 1.5, y + 2) + std::logb(x + 10) * x;
}
double c_gamma_mixed(double x, double y) {
  return std::lgamma(x * y + 3) * std::tgamma(0.5 * x);
}

using namespace tangent_test;

int main() {
  for (double x : {0.3, -0.7}) {
    check("asinh", tangent::grad<c_asinh>(), x);
    check("atanh", tangent::grad<c_atanh>(), x);
    check("fmod", tangent::grad<c_fmod>(), 5.3 * x, 1.1);
    check("fmod/negative_divisor", tangent::grad<c_fmod>(), 5.3 * x, -1.1);
    check("remainder", tangent::grad<c_remainder>(), 5.3 * x, 1.1);
    check("fdim/above", tangent::grad<c_fdim>(), x, -0.9);
    check("fdim/below", tangent::grad<c_fdim>(), x, 0.9);
    check("nearbyint", tangent::grad<c_nearbyint>(), 3 * x + 0.1);
    check("rint", tangent::grad<c_rint>(), 3 * x + 0.1);
    check("float_spellings", tangent::grad<c_float>(), static_cast<float>(x));
    check("long_double_spellings", tangent::grad<c_long_double>(), x);
    check("global_spellings", tangent::grad<c_global>(), x);
  }
  for (double x : {1.4, 3.5})
    check("acosh", tangent::grad<c_acosh>(), x);
  for (double x : {0.3, 1.0, 2.5, 7.25, 31.5, -0.4, -2.7}) {
    check("lgamma", tangent::grad<c_lgamma>(), x);
    check("tgamma", tangent::grad<c_tgamma>(), x);
  }
  check("gamma_mixed", tangent::grad<c_gamma_mixed>(), 1.3, 0.6);
  check("float_gamma", tangent::grad<c_float_gamma>(), 0.7f);
  for (double y : {0.8, -0.6}) {
    check("copysign", tangent::grad<c_copysign>(), 0.7, y);
    check("copysign/negative", tangent::grad<c_copysign>(), -0.7, y);
  }
  check("ldexp_scalbn", tangent::grad<c_scale>(), 0.7, 3);
  check("ldexp_scalbn/negative_exponent", tangent::grad<c_scale>(), -1.3, -2);
  check("lerp", tangent::grad<c_lerp>(), 0.4, -1.1, 0.6);
  check("expint_beta_logb", tangent::grad<c_special>(), 0.7, 0.4);
  return summary();
}
