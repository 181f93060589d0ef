// Must fail: a std::string parameter taken by non-const reference (a
// parameter passed through is never written).
#include <tangent/grad.hpp>

#include <string>

#ifdef TANGENT_FIXED
double f(double x, const std::string &name) {
  return x * x * double(name.size());
}
#else
double f(double x, std::string &name) { // TANGENT-ERROR: is passed through unchanged, never written
  return x * x * double(name.size());
}
#endif

double use(double x, std::string &name) {
  return tangent::grad<f>()(x, name);
}
