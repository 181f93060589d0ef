// Must fail: a local of a type tangent cannot represent (a vector of
// vectors of vectors).
#include <tangent/grad.hpp>

#include <vector>

double f(double x) {
  std::vector<std::vector<std::vector<double>>> t(2); // TANGENT-ERROR: local variable type 'std::vector<std::vector<std::vector<double>
  return x;
}

double use(double x) { return tangent::grad<f>()(x); }
