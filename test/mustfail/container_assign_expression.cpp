// Must fail: assigning a container from an expression that is neither a
// named container, a braced list nor a call (here a conditional).
#include <tangent/grad.hpp>

#include <vector>

double f(const std::vector<double> &a, const std::vector<double> &b, bool c) {
  std::vector<double> v(2);
#ifdef TANGENT_FIXED
  if (c)
    v = a;
  else
    v = b;
#else
  v = c ? a : b; // TANGENT-ERROR: this initializer is not supported
#endif
  return v[0] * v[1];
}

double use(const std::vector<double> &a, const std::vector<double> &b) {
  return std::get<0>(tangent::grad<f>()(a, b, true))[0];
}
