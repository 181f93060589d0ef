// Must fail: range-for over a temporary (the result of a call).
#include <tangent/grad.hpp>

#include <vector>

std::vector<double> copies(double x) { return std::vector<double>(3, x); }

double f(double x) {
  double s = 0.0;
  for (double v : copies(x)) // TANGENT-ERROR: range-for over this expression is not supported
    s += v * v;
  return s;
}

double use(double x) { return tangent::grad<f>()(x); }
