// Must fail: a std::span local (a view tangent does not follow as a
// variable; a pointer local is one).
#include <tangent/grad.hpp>

#include <span>
#include <vector>

double f(const std::vector<double> &v) {
#ifdef TANGENT_FIXED
  return v[0] * v[1];
#else
  std::span<const double> s = v; // TANGENT-ERROR: a std::span local is not supported
  return s[0] * s[1];
#endif
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
