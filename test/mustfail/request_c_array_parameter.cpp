// Must fail: the requested function takes a C array by reference. A
// request's gradient is typed after its parameters, and a C array is no
// type to return; a callee may take one (the rewrite below).
#include <tangent/grad.hpp>

#include <array>
#include <cmath>

double norm3(const double (&v)[3]) {
  return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

#ifdef TANGENT_FIXED
double norm(const std::array<double, 3> &a) {
  const double v[3] = {a[0], a[1], a[2]};
  return norm3(v);
}

double use() {
  const std::array<double, 3> a{1.0, 2.0, 3.0};
  return tangent::grad<norm>()(a)[0];
}
#else
void use() {
  double v[3] = {1.0, 2.0, 3.0};
  tangent::grad<norm3>()(v); // TANGENT-ERROR: is a C array (double[3]), which a request cannot take
}
#endif
