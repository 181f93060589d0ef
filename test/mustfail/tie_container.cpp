// Must fail: std::tie of something other than numbers (a vector); std::tie
// of numbers from a std::pair or std::tuple of numbers works.
#include <tangent/grad.hpp>

#include <tuple>
#include <vector>

double f(double x) {
  std::vector<double> v;
  double s = 0;
#ifdef TANGENT_FIXED
  v = std::vector<double>{x};
  s = x;
#else
  std::tie(v, s) = std::make_tuple(std::vector<double>{x}, x); // TANGENT-ERROR: std::tie is supported on the left of '=' with a std::pair or std::tuple of numbers
#endif
  return s;
}

double use(double x) { return tangent::grad<f>()(x); }
