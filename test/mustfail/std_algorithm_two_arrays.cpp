// Must fail: a standard algorithm whose range starts in one array and ends
// in another.
#include <tangent/grad.hpp>

#include <numeric>

double f(const double *x, const double *y, int n) {
#ifdef TANGENT_FIXED
  return std::accumulate(y, y + n, std::accumulate(x, x + n, 0.0));
#else
  return std::accumulate(x, y + n, 0.0); // TANGENT-ERROR: std::accumulate: the two ends of the range must point into the same array, vector or pointer
#endif
}

double use(const double *x, const double *y, double *dx, double *dy) {
  return tangent::grad<f>().pullback(x, y, 3, dx, dy);
}
