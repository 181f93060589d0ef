//===- tangent/detail/cmath_outputs.hpp - <cmath> with pointer outputs ----===//
///
/// \file
/// The derivatives of the <cmath> functions that write through a pointer:
/// `frexp(x, &e)`, `modf(x, &ip)` and `remquo(x, y, &q)` (with their C
/// float and long double spellings). Their outputs do not fit the rule
/// table of expressions (plugin/rules/Rules.def), so they are given here as
/// custom derivatives, in the form docs/custom-derivatives.md documents for
/// user code: a pullback (reverse mode) and a pushforward (forward mode) in
/// namespace tangent::custom. They are templates, so a rule of your own with
/// the same parameters (a non-template function) takes precedence.
///
/// - frexp: x = m 2^e with 0.5 <= |m| < 1, so dm/dx = 2^-e, piecewise (e is
///   constant between powers of two); at 0, 1 (m = x there);
/// - modf: x = i + f; df/dx = 1, and the integer part i is piecewise
///   constant (derivative 0), like std::trunc;
/// - remquo: r = x - n y with n the integer nearest x / y, as remainder's
///   row in Rules.def: dr/dx = 1, dr/dy = -n; the quotient's bits are an
///   integer output.
///
/// Written with compiler builtins, so that including this header (from
/// tangent/grad.hpp) costs no <cmath>. The C spellings (`frexpf`) are
/// templates without parameters to deduce, for the same precedence.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_DETAIL_CMATH_OUTPUTS_HPP
#define TANGENT_DETAIL_CMATH_OUTPUTS_HPP

#include <type_traits>

namespace tangent {

namespace detail {

template <class T>
concept cmath_real = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                     std::is_same_v<T, long double>;

/// d frexp(x) / dx: 2^-e, e being frexp's exponent of x (1 at 0, where the
/// mantissa is x itself; inf and NaN pass through).
template <cmath_real T> T frexpSlope(T x) {
  if (x == 0 || x != x || x - x != 0)
    return T(1);
  int e = 0;
  if constexpr (std::is_same_v<T, float>)
    (void)__builtin_frexpf(x, &e);
  else if constexpr (std::is_same_v<T, double>)
    (void)__builtin_frexp(x, &e);
  else
    (void)__builtin_frexpl(x, &e);
  if constexpr (std::is_same_v<T, float>)
    return __builtin_ldexpf(1.0f, -e);
  else if constexpr (std::is_same_v<T, double>)
    return __builtin_ldexp(1.0, -e);
  else
    return __builtin_ldexpl(1.0L, -e);
}

/// The integer n nearest x / y (ties to even), as remainder's row.
template <cmath_real T> T remainderQuotient(T x, T y) {
  if constexpr (std::is_same_v<T, float>)
    return __builtin_nearbyintf(x / y);
  else if constexpr (std::is_same_v<T, double>)
    return __builtin_nearbyint(x / y);
  else
    return __builtin_nearbyintl(x / y);
}

template <class T> using exactly = std::type_identity_t<T>;

} // namespace detail

namespace custom {

// frexp(x, e), frexpf, frexpl
template <detail::cmath_real T>
void frexp_pullback(T x, int *, detail::exactly<T> *d_x,
                    detail::exactly<T> d_result) {
  *d_x += d_result * detail::frexpSlope(x);
}
template <detail::cmath_real T>
T frexp_pushforward(T x, int *, detail::exactly<T> d_x) {
  return d_x * detail::frexpSlope(x);
}
template <class = void>
void frexpf_pullback(float x, int *e, float *d_x, float d_result) {
  frexp_pullback(x, e, d_x, d_result);
}
template <class = void> float frexpf_pushforward(float x, int *e, float d_x) {
  return frexp_pushforward(x, e, d_x);
}
template <class = void>
void frexpl_pullback(long double x, int *e, long double *d_x,
                     long double d_result) {
  frexp_pullback(x, e, d_x, d_result);
}
template <class = void>
long double frexpl_pushforward(long double x, int *e, long double d_x) {
  return frexp_pushforward(x, e, d_x);
}

// modf(x, ip), modff, modfl: the integer part is an output whose value
// before the call does not matter (its adjoint before the call is 0).
template <detail::cmath_real T>
void modf_pullback(T, detail::exactly<T> *, detail::exactly<T> *d_x,
                   detail::exactly<T> *d_ip, detail::exactly<T> d_result) {
  *d_x += d_result;
  *d_ip = 0;
}
template <detail::cmath_real T>
T modf_pushforward(T, detail::exactly<T> *, detail::exactly<T> d_x,
                   detail::exactly<T> *d_ip) {
  *d_ip = 0;
  return d_x;
}
template <class = void>
void modff_pullback(float x, float *ip, float *d_x, float *d_ip,
                    float d_result) {
  modf_pullback(x, ip, d_x, d_ip, d_result);
}
template <class = void>
float modff_pushforward(float x, float *ip, float d_x, float *d_ip) {
  return modf_pushforward(x, ip, d_x, d_ip);
}
template <class = void>
void modfl_pullback(long double x, long double *ip, long double *d_x,
                    long double *d_ip, long double d_result) {
  modf_pullback(x, ip, d_x, d_ip, d_result);
}
template <class = void>
long double modfl_pushforward(long double x, long double *ip, long double d_x,
                              long double *d_ip) {
  return modf_pushforward(x, ip, d_x, d_ip);
}

// remquo(x, y, quo), remquof, remquol
template <detail::cmath_real T>
void remquo_pullback(T x, detail::exactly<T> y, int *, detail::exactly<T> *d_x,
                     detail::exactly<T> *d_y, detail::exactly<T> d_result) {
  *d_x += d_result;
  *d_y += -d_result * detail::remainderQuotient(x, y);
}
template <detail::cmath_real T>
T remquo_pushforward(T x, detail::exactly<T> y, int *, detail::exactly<T> d_x,
                     detail::exactly<T> d_y) {
  return d_x - d_y * detail::remainderQuotient(x, y);
}
template <class = void>
void remquof_pullback(float x, float y, int *q, float *d_x, float *d_y,
                      float d_result) {
  remquo_pullback(x, y, q, d_x, d_y, d_result);
}
template <class = void>
float remquof_pushforward(float x, float y, int *q, float d_x, float d_y) {
  return remquo_pushforward(x, y, q, d_x, d_y);
}
template <class = void>
void remquol_pullback(long double x, long double y, int *q, long double *d_x,
                      long double *d_y, long double d_result) {
  remquo_pullback(x, y, q, d_x, d_y, d_result);
}
template <class = void>
long double remquol_pushforward(long double x, long double y, int *q,
                                long double d_x, long double d_y) {
  return remquo_pushforward(x, y, q, d_x, d_y);
}

} // namespace custom

} // namespace tangent

#endif // TANGENT_DETAIL_CMATH_OUTPUTS_HPP
