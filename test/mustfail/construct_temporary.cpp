// Must fail: constructing an object of a class type in an expression.
#include <tangent/grad.hpp>

#include <complex>

double f(double x) {
#ifdef TANGENT_FIXED
  return std::hypot(x, 1.0);
#else
  return std::abs(std::complex<double>(x, 1.0)); // TANGENT-ERROR: constructing a 'std::complex<double>' here is not supported
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
