// Must fail: a standard library function without a derivative rule.
#include <tangent/grad.hpp>

#include <numeric>
#include <vector>

double f(const std::vector<double> &v) {
  return std::accumulate(v.begin(), v.end(), 0.0); // TANGENT-ERROR: standard library function 'std::accumulate
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
