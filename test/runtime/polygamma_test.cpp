// tangent::polygamma, the derivative of lgamma and tgamma in the rule table:
// known values, the recurrence and reflection against each other, the
// derivative relation between orders, the poles, float and long double.
#include "tangent/detail/polygamma.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace {

constexpr double pi = 3.14159265358979323846;

double relative(double got, double want) {
  return std::fabs(got - want) / std::fabs(want);
}

TEST(Polygamma, KnownValues) {
  const double euler = 0.57721566490153286061;
  EXPECT_LT(relative(tangent::polygamma(0, 1.0), -euler), 4e-15);
  EXPECT_LT(relative(tangent::polygamma(0, 0.5), -euler - 2 * std::log(2.0)),
            4e-15);
  EXPECT_LT(relative(tangent::polygamma(1, 1.0), pi * pi / 6), 4e-15);
  EXPECT_LT(relative(tangent::polygamma(1, 0.5), pi * pi / 2), 4e-15);
  // psi''(1) = -2 zeta(3), psi'''(1) = pi^4 / 15.
  EXPECT_LT(relative(tangent::polygamma(2, 1.0), -2 * 1.2020569031595942854),
            4e-15);
  EXPECT_LT(relative(tangent::polygamma(3, 1.0), std::pow(pi, 4) / 15), 4e-15);
}

// psi_n(x) = psi_n(x + 1) - (-1)^n n! / x^(n+1), on both sides of 0 (the
// negative side by reflection, the positive one by the series).
TEST(Polygamma, RecurrenceHoldsAcrossTheReflection) {
  for (int n = 0; n <= 3; ++n) {
    const double factorial = n < 2 ? 1 : n == 2 ? 2 : 6;
    for (double x : {-7.3, -2.5, -0.4, 0.3, 2.2, 14.6, 15.5, 40.0}) {
      const double step =
          (n % 2 == 0 ? 1 : -1) * factorial / std::pow(x, n + 1);
      const double want = tangent::polygamma(n, x + 1) - step;
      EXPECT_LT(std::fabs(tangent::polygamma(n, x) - want),
                1e-13 * (std::fabs(want) + std::fabs(step)))
          << "n = " << n << ", x = " << x;
    }
  }
}

// d/dx psi_n = psi_(n+1): central differences in long double.
TEST(Polygamma, EachOrderIsTheDerivativeOfThePrevious) {
  for (int n = 0; n <= 2; ++n)
    for (long double x : {-1.7L, 0.2L, 3.3L, 21.0L}) {
      const long double h = 1e-6L;
      const long double fd =
          (tangent::polygamma(n, x + h) - tangent::polygamma(n, x - h)) /
          (2 * h);
      EXPECT_LT(relative(double(tangent::polygamma(n + 1, x)), double(fd)),
                1e-7)
          << "n = " << n << ", x = " << double(x);
    }
}

TEST(Polygamma, PolesAndEdges) {
  EXPECT_TRUE(std::isnan(tangent::polygamma(0, 0.0)));
  EXPECT_TRUE(std::isnan(tangent::polygamma(1, -3.0)));
  EXPECT_TRUE(std::isnan(tangent::polygamma(0, std::nan(""))));
  EXPECT_TRUE(std::isnan(tangent::polygamma(-1, 2.0)));
  EXPECT_EQ(tangent::polygamma(0, HUGE_VAL), HUGE_VAL);
  EXPECT_EQ(tangent::polygamma(2, HUGE_VAL), 0.0);
}

TEST(Polygamma, FloatAndLongDouble) {
  EXPECT_FLOAT_EQ(tangent::polygamma(0, 2.5f),
                  float(tangent::polygamma(0, 2.5)));
  EXPECT_LT(std::fabs(double(tangent::polygamma(1, 1.0L)) - pi * pi / 6),
            1e-15);
}

} // namespace
