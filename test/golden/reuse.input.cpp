// Rule rows that read a value the function computes anyway
// (forward/ReuseValues.cpp): in the jvp of a rotation, the tangent of
// `c = cos(t)` reads `s` (its statement moved up to before it) and the
// tangent of `s = sin(t)` reads `c`, so sin and cos are called once each.
// In `shifted` the angle changes between the calls: the cosine before the
// change keeps its own sine call.
#include <tangent/tangent.hpp>
#include <cmath>

double rotated(double t, double px, double py) {
  const double c = std::cos(t);
  const double s = std::sin(t);
  const double x = c * px - s * py;
  const double y = s * px + c * py;
  return x * x + y * y * y;
}

double shifted(double t, double a) {
  const double c = std::cos(t);
  t = t * 1.5 + a;
  const double s = std::sin(t);
  return c * s;
}

auto jrotated = tangent::jvp<rotated>();
auto jshifted = tangent::jvp<shifted>();
