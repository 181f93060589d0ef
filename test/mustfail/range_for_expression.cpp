// Must fail: range-for over a temporary (the result of a call).
#include <tangent/grad.hpp>

#include <vector>

std::vector<double> copies(double x) { return std::vector<double>(3, x); }

double f(double x) {
  double s = 0.0;
#ifdef TANGENT_FIXED
  const std::vector<double> c = copies(x);
  for (double v : c)
#else
  for (double v : copies(x)) // TANGENT-ERROR: range-for over this expression is not supported
#endif
    s += v * v;
  return s;
}

double use(double x) { return tangent::grad<f>()(x); }
