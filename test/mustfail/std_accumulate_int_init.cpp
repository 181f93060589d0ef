// Must fail: std::accumulate from an integer initial value sums in int.
#include <tangent/grad.hpp>

#include <numeric>
#include <vector>

double f(const std::vector<double> &v) {
#ifdef TANGENT_FIXED
  return std::accumulate(v.begin(), v.end(), 0.0);
#else
  return std::accumulate(v.begin(), v.end(), 0); // TANGENT-ERROR: std::accumulate sums in the type of its initial value, here 'int'
#endif
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
