// Must fail: a mutable lambda (its copies of the captured values change
// between calls).
#include <tangent/grad.hpp>

double f(double x) {
#ifdef TANGENT_FIXED
  auto next = [&x]() {
#else
  auto next = [x]() mutable { // TANGENT-ERROR: a mutable lambda is not supported
#endif
    x = x * 0.5;
    return x;
  };
  return next() + next();
}

double use(double x) { return tangent::grad<f>()(x); }
