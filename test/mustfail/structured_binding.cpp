// Must fail: structured bindings of an array (std::array, a C array);
// those of classes of yours, std::pair and std::tuple work.
#include <tangent/grad.hpp>

#include <array>

double f(double x) {
#ifdef TANGENT_FIXED
  const std::array<double, 2> ab{x, x * x};
  double a = ab[0], b = ab[1];
#else
  auto [a, b] = std::array<double, 2>{x, x * x}; // TANGENT-ERROR: structured bindings are supported for classes of yours, std::pair and std::tuple
#endif
  return a * b;
}

double use(double x) { return tangent::grad<f>()(x); }
