// Must fail: structured bindings of a tuple-like type (std::pair,
// std::tuple, std::array); those of classes of yours work.
#include <tangent/grad.hpp>

#include <utility>

double f(double x) {
  auto [a, b] = std::pair<double, double>(x, x * x); // TANGENT-ERROR: structured bindings are supported for classes of yours
  return a * 2.0;
}

double use(double x) { return tangent::grad<f>()(x); }
