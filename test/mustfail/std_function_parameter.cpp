// Must fail: a std::function parameter (a type-erased callable).
#include <tangent/grad.hpp>

#include <functional>

double f(const std::function<double(double)> &g, double x) { // TANGENT-ERROR: std::function is not supported
  return g(x) * x;
}

double use(double x) {
  return tangent::grad<f, tangent::options{.wrt = 0b10}>()(
      [](double t) { return t * t; }, x);
}
