// Must fail: a vector constructor with more than two arguments (here an
// allocator).
#include <tangent/grad.hpp>

#include <memory>
#include <vector>

double f(double x, int n) {
#ifdef TANGENT_FIXED
  std::vector<double> v(n, x);
#else
  std::vector<double> v(n, x, std::allocator<double>()); // TANGENT-ERROR: this constructor is not supported
#endif
  return v[0] * v[1];
}

double use(double x) { return tangent::grad<f>()(x, 2); }
