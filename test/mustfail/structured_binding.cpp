// Must fail: a structured binding (its pair is refused at the declaration,
// and each use of a binding where it is read).
#include <tangent/grad.hpp>

#include <utility>

double f(double x) {
  auto [a, b] = std::pair<double, double>(x, x * x);
  return a * 2.0; // TANGENT-ERROR: reference to 'a' is not supported
}

double use(double x) { return tangent::grad<f>()(x); }
