// Must fail: constructing an object of a class type in an expression.
#include <tangent/grad.hpp>

#include <complex>

double f(double x) {
  return std::abs(std::complex<double>(x, 1.0)); // TANGENT-ERROR: constructing a 'std::complex<double>' here is not supported
}

double use(double x) { return tangent::grad<f>()(x); }
