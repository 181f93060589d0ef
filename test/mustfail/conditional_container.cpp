// Must fail: a conditional expression whose value is a whole container.
#include <tangent/grad.hpp>

#include <vector>

double f(const std::vector<double> &a, const std::vector<double> &b, bool c) {
#ifdef TANGENT_FIXED
  (void)(c ? a[0] : b[0]);
#else
  (void)(c ? a : b); // TANGENT-ERROR: a '?:' of type 'const std::vector<double>' is not supported
#endif
  return a[0] * b[0];
}

double use(const std::vector<double> &v) { return std::get<0>(tangent::grad<f>()(v, v, true))[0]; }
