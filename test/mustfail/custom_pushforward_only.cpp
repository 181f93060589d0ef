// Must fail: reverse mode (grad) through a function whose custom derivative
// is a pushforward only: forward mode (jvp) would use it, the adjoint needs
// the pullback; the fix defines it.
#include <tangent/tangent.hpp>

namespace vendor {
void scale(int n, double a, double *y); // y[i] *= a
} // namespace vendor

namespace tangent::custom::vendor {
inline void scale_pushforward(int n, double a, double *y, double d_a,
                              double *d_y) {
  for (int i = 0; i < n; ++i)
    d_y[i] = d_a * y[i] + a * d_y[i];
}
#ifdef TANGENT_FIXED
inline void scale_pullback(int n, double a, double *y, double *d_a,
                           double *d_y) {
  for (int i = 0; i < n; ++i) {
    *d_a += y[i] * d_y[i];
    d_y[i] *= a;
  }
}
#endif
} // namespace tangent::custom::vendor

double f(double a, double b) {
  double y[2] = {b, b * b};
  vendor::scale(2, a, y); // TANGENT-ERROR: 'vendor::scale' has a custom pushforward, which forward mode uses, but no pullback, which reverse mode needs: define tangent::custom::vendor::scale_pullback
  return y[0] + y[1];
}

double use(double a, double b) { return std::get<0>(tangent::grad<f>()(a, b)); }
