// Must fail: forward mode of a function whose result is an integer.
#include <tangent/tangent.hpp>

#include <cmath>

#ifdef TANGENT_FIXED
double rounded(double x) { return std::floor(x * x); }

int use(double x) { return int(tangent::jvp<rounded>()(x, 1.0)); }
#else
int rounded(double x) { return int(std::floor(x * x)); }

int use(double x) {
  return tangent::jvp<rounded>()(x, 1.0); // TANGENT-ERROR: the forward-mode derivative of 'rounded' needs a function returning a floating-point value
}
#endif
