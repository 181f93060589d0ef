// Must fail: a standard algorithm over part of a container.
#include <tangent/grad.hpp>

#include <numeric>
#include <vector>

double f(const std::vector<double> &v) {
  return std::accumulate(v.begin() + 1, v.end(), 0.0); // TANGENT-ERROR: std::accumulate is supported over a whole named vector or array
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
