// Must fail: a function with a custom derivative writing through a pointer
// whose extent tangent does not know (a pointer parameter): the rule is
// called with the values from before the call, which tangent cannot save.
#include <tangent/tangent.hpp>

#include <vector>

namespace vendor {
void saxpy(int n, double a, const double *x, double *y); // y[i] += a*x[i]
}

namespace tangent::custom::vendor {
inline void saxpy_pullback(int n, double a, const double *x, double *y,
                           double *d_a, double *d_x, double *d_y) {
  (void)y;
  for (int i = 0; i < n; ++i) {
    *d_a += d_y[i] * x[i];
    d_x[i] += a * d_y[i];
  }
}
} // namespace tangent::custom::vendor

double f(double a, const double *x, double *y) {
#ifdef TANGENT_FIXED
  std::vector<double> copy(y, y + 3);
  vendor::saxpy(3, a, x, copy.data());
  for (int i = 0; i < 3; ++i)
    y[i] = copy[i];
#else
  vendor::saxpy(3, a, x, y); // TANGENT-ERROR: 'vendor::saxpy' writes through 'y', a pointer of unknown extent, and its custom derivative is called with the values from before the call
#endif
  return y[0] * y[1] + y[2];
}

double use(double a, std::vector<double> &x, std::vector<double> &y) {
  return std::get<0>(tangent::grad<f>()(a, x, y));
}
