// Must fail: structured bindings of a tuple-like type other than std::pair
// (std::tuple, std::array); those of classes of yours and pairs work.
#include <tangent/grad.hpp>

#include <tuple>

double f(double x) {
  auto [a, b] = std::tuple<double, double>(x, x * x); // TANGENT-ERROR: structured bindings are supported for classes of yours
  return a * 2.0;
}

double use(double x) { return tangent::grad<f>()(x); }
