// Must fail: a standard library function without a derivative rule
// (std::lerp; std::accumulate and friends over whole containers are
// accepted: test/e2e/everyday.cpp).
#include <tangent/grad.hpp>

#include <cmath>

#ifdef TANGENT_FIXED
namespace tangent::custom {
inline void lerp_pullback(double a, double b, double t, double *d_a,
                          double *d_b, double *d_t, double d_result) {
  *d_a += d_result * (1.0 - t);
  *d_b += d_result * t;
  *d_t += d_result * (b - a);
}
} // namespace tangent::custom
#endif

double f(double a, double b, double t) {
  return std::lerp(a, b, t); // TANGENT-ERROR: standard library function 'std::lerp
}

double use(double a, double b, double t) {
  return std::get<0>(tangent::grad<f>()(a, b, t));
}
