// Must fail: forward mode of a function whose result is an integer.
#include <tangent/tangent.hpp>

#include <cmath>

int rounded(double x) { return int(std::floor(x * x)); }

int use(double x) {
  return tangent::jvp<rounded>()(x, 1.0); // TANGENT-ERROR: the forward-mode derivative of 'rounded' needs a function returning a floating-point value
}
