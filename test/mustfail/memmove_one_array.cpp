// Must fail: memmove within one array (it copies backwards when the ranges
// overlap, which a loop in one direction would not).
#include <tangent/grad.hpp>

#include <cstring>
#include <vector>

double f(const double *x, int n) {
  std::vector<double> v(x, x + n);
#ifdef TANGENT_FIXED
  for (int i = n - 1; i > 0; --i)
    v[i] = v[i - 1];
#else
  std::memmove(v.data() + 1, v.data(), (n - 1) * sizeof(double)); // TANGENT-ERROR: std::memmove within one array is not supported
#endif
  return v[1] * v[2];
}

double use(const double *x, double *dx) {
  return tangent::grad<f>().pullback(x, 4, dx);
}
