// Must fail: reinterpret_cast (it reinterprets bits, which have no
// derivative).
#include <tangent/grad.hpp>

double f(double x) {
  long long bits = reinterpret_cast<long long &>(x); // TANGENT-ERROR: reinterpret_cast is not supported
  return x * static_cast<double>(bits & 1);
}

double use(double x) { return tangent::grad<f>()(x); }
