//===- test/forward/differences.hpp - differences along a direction -------===//
///
/// \file
/// Fourth-order central differences along a direction v (step 1e-5): of a
/// gradient, the reference for Hessian-vector products (fd_hvp), and of a
/// scalar function, the reference for directional derivatives (fd_along);
/// and the dot product that directional derivatives are checked with.
/// Used by forward.hvp, forward.jvp, forward.selected and forward.reuse.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_TEST_FORWARD_DIFFERENCES_HPP
#define TANGENT_TEST_FORWARD_DIFFERENCES_HPP

#include "../e2e/check.hpp"

#include <type_traits>
#include <vector>

namespace tangent_test {

/// The dot product of two vectors of one size.
inline double dot(const std::vector<double> &a, const std::vector<double> &b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}

/// (8 (g(x + hv) - g(x - hv)) - (g(x + 2hv) - g(x - 2hv))) / 12h for a
/// function `at(t)` = g(x + t v) (a number or a flattened vector).
template <class At> auto along(const At &at) {
  const double h = 1e-5;
  auto p1 = at(h), m1 = at(-h), p2 = at(2 * h), m2 = at(-2 * h);
  if constexpr (std::is_floating_point_v<decltype(p1)>) {
    return (8 * (p1 - m1) - (p2 - m2)) / (12 * h);
  } else {
    std::vector<double> out(p1.size());
    for (std::size_t i = 0; i < out.size(); ++i)
      out[i] = (8 * (p1[i] - m1[i]) - (p2[i] - m2[i])) / (12 * h);
    return out;
  }
}

inline std::vector<double> moved(std::vector<double> x,
                                 const std::vector<double> &v, double t) {
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] += t * v[i];
  return x;
}

/// The gradient's central difference along v: grad(x + t v, rest...), its
/// components with respect to x (the first x.size() of them).
template <class G, class... Rest>
std::vector<double> fd_hvp(const G &grad, const std::vector<double> &x,
                           const std::vector<double> &v, const Rest &...rest) {
  std::vector<double> out =
      along([&](double t) { return flatten(grad(moved(x, v, t), rest...)); });
  out.resize(x.size());
  return out;
}

/// f's central difference along v: f(x + t v).
template <class F>
double fd_along(const F &f, const std::vector<double> &x,
                const std::vector<double> &v) {
  return along([&](double t) { return double(f(moved(x, v, t))); });
}

} // namespace tangent_test

#endif
