// Must fail: a standard algorithm over iterators of another shape than a
// range of a named array, vector or pointer (reverse iterators here).
#include <tangent/grad.hpp>

#include <numeric>
#include <vector>

double f(const std::vector<double> &v) {
#ifdef TANGENT_FIXED
  return std::accumulate(v.begin(), v.end(), 0.0);
#else
  return std::accumulate(v.rbegin(), v.rend(), 0.0); // TANGENT-ERROR: std::accumulate is supported over a range of a named array, vector or pointer
#endif
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
