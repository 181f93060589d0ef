// Must fail: a call whose result type tangent cannot represent.
#include <tangent/grad.hpp>

#include <tuple>
#include <vector>

std::tuple<std::vector<double>, double> both(double x) { return {{x}, x * x}; }

double f(double x) {
  both(x); // TANGENT-ERROR: a call returning 'std::tuple<std::vector<double>, double>' is not supported
  return x;
}

double use(double x) { return tangent::grad<f>()(x); }
