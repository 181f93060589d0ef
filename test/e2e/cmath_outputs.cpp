// The <cmath> functions that write through a pointer: frexp (the exponent,
// an int output), modf (the integer part, a floating-point output, piecewise
// constant) and remquo (the quotient's bits), in their std, global and C
// float / long double spellings; their rules are custom derivatives the
// runtime provides (tangent/detail/cmath_outputs.hpp). Each against finite
// differences away from the jumps, and in forward mode (pushforwards).
#include "check.hpp"

#include <cmath>
#include <math.h>

// The mantissa and the exponent, both used: m * 2^e == x * y.
double c_frexp(double x, double y) {
  int e = 0;
  double m = std::frexp(x * y, &e);
  return m * m * e + std::ldexp(m, e) * x;
}

// The fractional part, then the integer part read as a value.
double c_modf(double x) {
  double ip = 0.0;
  double fr = std::modf(3.0 * x, &ip);
  double s = fr * fr + ip * x;
  double ip2 = 0.0;
  const double fr2 = ::modf(x * x + 1.0, &ip2);
  return s + fr2 * ip2;
}

// remquo's remainder, and its quotient's bits read as an integer.
double c_remquo(double x, double y) {
  int q = 0;
  double r = std::remquo(x, y, &q);
  return r * r + q * x;
}

// In a loop, into an element, and through a helper taking the pointer (its
// rule sees the values from before the call, so the output goes through a
// local: a pointer of unknown extent cannot be restored, docs/limitations.md).
double fraction_of(double v, double *whole) {
  double w = 0.0;
  const double f = std::modf(v, &w);
  *whole = w;
  return f;
}
double c_outputs_loop(double x) {
  double parts[3] = {0.0, 0.0, 0.0};
  double s = 0.0;
  for (int k = 0; k < 3; ++k) {
    s += fraction_of(x * (k + 1.5), &parts[k]);
    int e = 0;
    const double m = std::frexp(s + 1.0, &e);
    s += m * e;
  }
  return s + parts[2] * x;
}

// C's float and long double spellings.
float c_float_outputs(float x) {
  int e = 0;
  float ip = 0.0f;
  int q = 0;
  const float m = frexpf(x + 3.0f, &e);
  const float f = modff(2.5f * x, &ip);
  return m * e + f * ip + remquof(4.0f * x, 1.3f, &q);
}
double c_long_double_outputs(double x) {
  const long double y = x;
  int e = 0;
  long double ip = 0;
  int q = 0;
  return static_cast<double>(frexpl(y + 3, &e) + modfl(2.5L * y, &ip) +
                             remquol(4 * y, 1.3L, &q));
}

using namespace tangent_test;

int main() {
  for (double x : {0.7, -1.3}) {
    check("frexp", tangent::grad<c_frexp>(), x, 2.1);
    check("modf", tangent::grad<c_modf>(), x);
    check("remquo", tangent::grad<c_remquo>(), 5.3 * x, 1.1);
    check("outputs_loop", tangent::grad<c_outputs_loop>(), x);
    check("float_outputs", tangent::grad<c_float_outputs>(),
          static_cast<float>(x));
    check("long_double_outputs", tangent::grad<c_long_double_outputs>(), x);
  }
  return summary();
}
