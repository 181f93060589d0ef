// Must fail: initializing a container by copying an expression that is not
// a named container.
#include <tangent/grad.hpp>

#include <vector>

double f(const std::vector<double> &a, const std::vector<double> &b, bool c) {
#ifdef TANGENT_FIXED
  std::vector<double> v = a;
  if (!c)
    v = b;
#else
  std::vector<double> v = c ? a : b; // TANGENT-ERROR: copying from this expression is not supported
#endif
  return v[0] * v[1];
}

double use(const std::vector<double> &a, const std::vector<double> &b) {
  return std::get<0>(tangent::grad<f>()(a, b, true))[0];
}
