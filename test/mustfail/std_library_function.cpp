// Must fail: a standard library function without a derivative rule
// (std::riemann_zeta, whose derivative has no closed form; std::accumulate
// and friends over whole containers are accepted: test/e2e/everyday.cpp).
#include <tangent/grad.hpp>

#include <cmath>

#ifdef TANGENT_FIXED
namespace tangent::custom {
// zeta'(s) by a central difference: what the user decides is good enough.
inline void riemann_zeta_pullback(double s, double *d_s, double d_result) {
  const double h = 1e-5 * (1.0 + std::fabs(s));
  *d_s += d_result *
          (std::riemann_zeta(s + h) - std::riemann_zeta(s - h)) / (2 * h);
}
} // namespace tangent::custom
#endif

double f(double a, double s) {
  return a * std::riemann_zeta(s); // TANGENT-ERROR: standard library function 'std::riemann_zeta
}

double use(double a, double s) { return std::get<1>(tangent::grad<f>()(a, s)); }
