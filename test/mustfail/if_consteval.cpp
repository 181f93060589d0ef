// Must fail: `if consteval` (accepted by Clang in C++20 mode as an
// extension).
#include <tangent/grad.hpp>

double f(double x) {
#ifdef TANGENT_FIXED
  return x * x;
#else
  if consteval { // TANGENT-ERROR: 'if consteval' is not supported
    return x;
  } else {
    return x * x;
  }
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
