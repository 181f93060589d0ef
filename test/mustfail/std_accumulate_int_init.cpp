// Must fail: std::accumulate from an integer initial value sums in int.
#include <tangent/grad.hpp>

#include <numeric>
#include <vector>

double f(const std::vector<double> &v) {
  return std::accumulate(v.begin(), v.end(), 0); // TANGENT-ERROR: std::accumulate sums in the type of its initial value, here 'int'
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
