// Rule rows that read a value the function computes anyway
// (forward/ReuseValues.cpp): the tangent of `c = cos(t)` reads `s` of
// `s = sin(t)` (moved up to before it) instead of calling sin again. A
// rotation (the jvp, the vector forward mode's Jacobian and the
// Hessian-vector product, whose adjoint now goes through s), and
// look-alikes where the argument changes between the two calls, so the
// value must not be read: each against the gradient and central
// differences.
#include "differences.hpp"

#include <cmath>
#include <vector>

using tangent_test::check_near;
using tangent_test::check_strategies;
using tangent_test::check_true;
using tangent_test::dot;
using tangent_test::fd_along;
using tangent_test::fd_hvp;
using tangent_test::tight_tol;

// A rotation by angle v[0] of the point (v[1], v[2]), then a norm.
double rotated(const std::vector<double> &v) {
  const double t = v[0];
  const double c = std::cos(t);
  const double s = std::sin(t);
  const double x = c * v[1] - s * v[2];
  const double y = s * v[1] + c * v[2];
  return x * x * x + y * y + std::exp(c) * s;
}

// The rotated point (a Jacobian through the vector forward mode).
std::vector<double> rotate(const std::vector<double> &v) {
  const double t = v[0];
  const double c = std::cos(t);
  const double s = std::sin(t);
  return {c * v[1] - s * v[2], s * v[1] + c * v[2], t * c};
}

// The angle changes between the calls: sin(t) after the change is not the
// sine the cosine's tangent needs, nor is the cosine after it.
double shifted(const std::vector<double> &v) {
  double t = v[0];
  const double c = std::cos(t);
  t = t * 1.5 + v[1];
  const double s = std::sin(t);
  const double c2 = std::cos(t);
  return c * s + c2 * v[1] + s * s;
}

int main() {
  const std::vector<double> v{0.7, 1.3, -0.4}, t{0.5, -1.0, 2.0};
  {
    const double jv = tangent::jvp<rotated>()(v, t);
    check_near("rotated: jvp = gradient . t", jv,
               dot(tangent::grad<rotated>()(v), t), tight_tol);
    check_near("rotated: jvp = FD along t", jv, fd_along(rotated, v, t));
    auto hv = tangent::hvp<rotated>();
    check_near("rotated: hvp = FD of gradients", hv(v, t),
               fd_hvp(tangent::grad<rotated>(), v, t));
    check_strategies("rotated: hvp", hv, v, t);
  }
  {
    auto rows = tangent::jacobian<rotate>()(v);
    check_true("rotate: 3 rows", rows.size() == 3);
    for (std::size_t i = 0; i < rows.size(); ++i)
      check_near("rotate: jacobian row " + std::to_string(i) + " . t",
                 dot(rows[i], t),
                 fd_along([&](const auto &y) { return rotate(y)[i]; }, v, t));
  }
  {
    auto [value, jv] = tangent::jvp<shifted>().value_and_jvp(v, t);
    check_true("shifted: value_and_jvp's value == f", value == shifted(v));
    check_near("shifted: jvp = gradient . t", jv,
               dot(tangent::grad<shifted>()(v), t), tight_tol);
    check_near("shifted: jvp = FD along t", jv, fd_along(shifted, v, t));
    check_near("shifted: hvp = FD of gradients", tangent::hvp<shifted>()(v, t),
               fd_hvp(tangent::grad<shifted>(), v, t));
  }
  return tangent_test::summary();
}
