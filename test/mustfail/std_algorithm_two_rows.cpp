// Must fail: a standard algorithm whose two iterators are of two rows of a
// matrix (or of a row's part); the whole of one row is accepted.
#include <tangent/grad.hpp>

#include <numeric>
#include <vector>

double f(const std::vector<std::vector<double>> &W, int i, int j) {
#ifdef TANGENT_FIXED
  return std::accumulate(W[i].begin(), W[i].end(), 0.0) +
         std::accumulate(W[j].begin(), W[j].end(), 0.0);
#else
  return std::accumulate(W[i].begin(), W[j].end(), 0.0); // TANGENT-ERROR: std::accumulate is supported over part of a named vector or array, and over the whole of a row or a vector member
#endif
}

double use(const std::vector<std::vector<double>> &W) {
  return tangent::grad<f>()(W, 0, 1)[0][0];
}
