// The vector reverse mode: jacobian<f> of a void f also gets, next to its
// gradient's scalar adjoint, the same adjoint on tangent::lanes
// (`<f>_pullback_lanes<tangent_w>`, and `<callee>_reverse_lanes` for its
// callee, whose scalar forward records the same tape), bound as
// `adjoint<&f>::pullback_lanes`. A function with a custom pullback gets none
// (its adjoints are scalars): `blend` keeps the scalar rows.
// (Mutually recursive callees get the lanes functions' prototypes first:
// test forward.reverse_lanes.)
#include <tangent/tangent.hpp>
#include <cmath>
#include <span>

void rotate_point(const double *r, const double *X, double *out) {
  double s = r[0] * r[0] + r[1] * r[1];
  if (s != 0) {
    double c = std::cos(s);
    for (int i = 0; i < 2; i++)
      out[i] = X[i] * c + r[1 - i] * X[1 - i];
  } else {
    out[0] = X[0];
    out[1] = X[1];
  }
}

void project(const double *cam, const double *X, double w, double *err) {
  double p[2];
  rotate_point(cam, X, p);
  err[0] = w * p[0] / p[1];
  err[1] = w * std::exp(p[1]);
}

double soft(double v) { return std::log1p(std::exp(v)); }
namespace tangent::custom {
inline void soft_pullback(double v, double *d_v, double d_result) {
  *d_v += d_result / (1 + std::exp(-v));
}
} // namespace tangent::custom

void blend(const double *x, double *y) {
  y[0] = soft(x[0] * x[1]);
  y[1] = x[2] * x[1];
}

double rows(double *cam, double *X, double w, double *x) {
  double err[2], y[2];
  const auto J = tangent::jacobian<project>()(std::span<const double>(cam, 2),
                                              std::span<const double>(X, 2), w,
                                              std::span<double>(err, 2));
  const auto K = tangent::jacobian<blend>()(std::span<const double>(x, 3),
                                            std::span<double>(y, 2));
  return std::get<0>(J[0])[0] + K[0][0];
}
