// Must fail: a standard library function without a derivative rule
// (std::lerp; std::accumulate and friends over whole containers are
// accepted: test/e2e/everyday.cpp).
#include <tangent/grad.hpp>

#include <cmath>

double f(double a, double b, double t) {
  return std::lerp(a, b, t); // TANGENT-ERROR: standard library function 'std::lerp
}

double use(double a, double b, double t) {
  return std::get<0>(tangent::grad<f>()(a, b, t));
}
