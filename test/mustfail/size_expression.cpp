// Must fail: size() of the result of a call instead of a named container.
#include <tangent/grad.hpp>

#include <vector>

std::vector<double> same(const std::vector<double> &v) { return v; }

double f(const std::vector<double> &x) {
  return x[0] * same(x).size(); // TANGENT-ERROR: size() of this expression is not supported
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
