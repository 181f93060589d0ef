//===- tangent/detail/polygamma.hpp - the polygamma functions -------------===//
///
/// \file
/// The derivative of std::lgamma is the digamma function psi = polygamma(0,
/// x), and that of std::tgamma is tgamma(x) * psi(x); the derivative of
/// polygamma(n, x) is polygamma(n + 1, x), so the rule table
/// (plugin/rules/Rules.def) is closed under differentiation (Hessians of
/// lgamma). The standard library has none of them.
///
/// For x >= 0, by the recurrence psi_n(x) = psi_n(x + 1) - (-1)^n n! /
/// x^(n+1) up to x >= 16, then the asymptotic series to its B_14 term (error
/// below 1e-16 relative there); for x < 0 by the reflection formula
/// psi_n(x) = (-1)^n psi_n(1 - x) - pi^(n+1) Q_n(cot(pi x)), with Q_n the
/// polynomial of d^n/dx^n cot(pi x) = pi^n Q_n(cot(pi x)). At the poles (0
/// and the negative integers) the result is a quiet NaN.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_DETAIL_POLYGAMMA_HPP
#define TANGENT_DETAIL_POLYGAMMA_HPP

#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

namespace tangent {

namespace detail {

/// psi_n(x) for x > 0, n >= 0.
template <class W> W polygammaPositive(int n, W x) {
  // The recurrence's terms: (-1)^n n! / x^(n+1) each.
  W factorial = 1; // n!
  for (int k = 2; k <= n; ++k)
    factorial *= k;
  const W sign = n % 2 == 0 ? W(1) : W(-1);
  W shift = 0;
  while (x < 16) {
    shift -= sign * factorial / std::pow(x, n + 1);
    x += 1;
  }
  // B_2k / (2k)!, k = 1..7.
  static constexpr long double b2k_over_fact[] = {
      1.0L / 12,         -1.0L / 720,     1.0L / 30240,
      -1.0L / 1209600,   1.0L / 47900160, -691.0L / 1307674368000,
      1.0L / 74724249600};
  if (n == 0) {
    W series = std::log(x) - W(0.5) / x;
    for (int k = 1; k <= 7; ++k) // B_2k (2k-1)! / (2k)! = B_2k / (2k)
      series -=
          W(b2k_over_fact[k - 1]) * std::tgamma(W(2 * k)) / std::pow(x, 2 * k);
    return shift + series;
  }
  // (-1)^(n+1) [(n-1)!/x^n + n!/(2 x^(n+1)) + sum B_2k
  // (2k+n-1)!/(2k)!/x^(2k+n)]
  W series =
      factorial / n / std::pow(x, n) + factorial / (2 * std::pow(x, n + 1));
  W falling = factorial / n; // (2k+n-1)! / ... built up term by term
  for (int k = 1; k <= 7; ++k) {
    // (2k+n-1)! = (n-1)! * n (n+1) ... (2k+n-1)
    falling = factorial / n;
    for (int j = n; j <= 2 * k + n - 1; ++j)
      falling *= j;
    series += W(b2k_over_fact[k - 1]) * falling / std::pow(x, 2 * k + n);
  }
  return shift + (n % 2 == 0 ? -series : series);
}

/// Q_n(c) with d^n/dx^n cot(pi x) = pi^n Q_n(cot(pi x)): Q_0 = c,
/// Q_{k+1} = -(1 + c^2) Q_k'(c).
template <class W> W cotDerivative(int n, W c) {
  std::vector<W> q{0, 1}; // coefficients of Q_0 = c
  for (int k = 0; k < n; ++k) {
    std::vector<W> next(q.size() + 1, 0);
    for (std::size_t j = 1; j < q.size(); ++j) {
      const W d = q[j] * W(j); // Q_k' has d c^(j-1)
      next[j - 1] -= d;
      next[j + 1] -= d;
    }
    q = std::move(next);
  }
  W value = 0;
  for (std::size_t j = q.size(); j-- > 0;)
    value = value * c + q[j];
  return value;
}

} // namespace detail

/// The n-th derivative of the digamma function psi(x) = d/dx log |Gamma(x)|
/// (n = 0: psi itself), in double precision for float and double arguments
/// and in long double for long double ones. The order is an integer given
/// as any arithmetic type (generated code passes it as written in the rule
/// table).
template <class N, class T> inline T polygamma(N order, T x) {
  static_assert(std::is_floating_point_v<T>, "polygamma of a floating type");
  using W =
      std::conditional_t<std::is_same_v<T, long double>, long double, double>;
  const int n = static_cast<int>(order);
  W y = static_cast<W>(x);
  if (n < 0 || std::isnan(y) || std::isinf(y) || (y <= 0 && y == std::floor(y)))
    return n >= 0 && y == std::numeric_limits<W>::infinity()
               ? static_cast<T>(n == 0 ? y : W(0))
               : std::numeric_limits<T>::quiet_NaN();
  if (y > 0)
    return static_cast<T>(detail::polygammaPositive(n, y));
  const W pi = static_cast<W>(3.141592653589793238462643383279502884L);
  // cot(pi y), with y reduced modulo 1 first (tan loses accuracy for large
  // |y|).
  const W c = 1 / std::tan(pi * (y - std::floor(y)));
  const W reflected = detail::polygammaPositive(n, 1 - y);
  return static_cast<T>((n % 2 == 0 ? reflected : -reflected) -
                        std::pow(pi, n + 1) * detail::cotDerivative(n, c));
}

} // namespace tangent

#endif // TANGENT_DETAIL_POLYGAMMA_HPP
