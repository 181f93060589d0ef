// Must fail: a <cmath> function called with another number of arguments
// than its rule has (the three-argument std::hypot).
#include <tangent/grad.hpp>

#include <cmath>

double f(double x, double y, double z) {
#ifdef TANGENT_FIXED
  return std::hypot(std::hypot(x, y), z);
#else
  return std::hypot(x, y, z); // TANGENT-ERROR: unexpected number of arguments to 'hypot'
#endif
}

double use(double x) { return std::get<0>(tangent::grad<f>()(x, x, x)); }
