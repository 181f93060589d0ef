// Must fail: std::swap of two pointers (vectors, arrays, numbers and
// elements can be swapped).
#include <tangent/grad.hpp>

#include <utility>

double f(const double *p, const double *q, double x) {
#ifdef TANGENT_FIXED
  return q[0] * x;
#else
  std::swap(p, q); // TANGENT-ERROR: swapping a 'const double *' is not supported
  return p[0] * x;
#endif
}

double use(const double *p, const double *q, double x) {
  double dp[1] = {0.0}, dq[1] = {0.0}, dx = 0.0;
  return tangent::grad<f>().pullback(p, q, x, dp, dq, &dx);
}
