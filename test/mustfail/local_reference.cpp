// Must fail: a non-const local reference (an alias the adjoint cannot
// track).
#include <tangent/grad.hpp>

#include <vector>

double f(std::vector<double> v) {
  double &first = v[0]; // TANGENT-ERROR: local reference 'first' is not supported
  first = first * 2.0;
  return v[0] * v[1];
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
