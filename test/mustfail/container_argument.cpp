// Must fail: passing a braced list where a callee takes a vector.
#include <tangent/grad.hpp>

#include <vector>

double sum(const std::vector<double> &v) {
  double s = 0.0;
  for (double e : v)
    s += e;
  return s;
}

double f(double x, double y) {
  return sum({x, y, x * y}); // TANGENT-ERROR: pass a named container to 'sum'
}

double use(double x, double y) { return std::get<0>(tangent::grad<f>()(x, y)); }
