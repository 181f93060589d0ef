// Must fail: reinterpret_cast (it reinterprets bits, which have no
// derivative).
#include <tangent/grad.hpp>

#include <bit>

#ifdef TANGENT_FIXED
double f(double x, long long bits) {
  return x * static_cast<double>(bits & 1);
}

double use(double x) {
  return tangent::grad<f>()(x, std::bit_cast<long long>(x));
}
#else
double f(double x) {
  long long bits = reinterpret_cast<long long &>(x); // TANGENT-ERROR: reinterpret_cast is not supported
  return x * static_cast<double>(bits & 1);
}

double use(double x) { return tangent::grad<f>()(x); }
#endif
