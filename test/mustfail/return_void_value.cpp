// Must fail: `return g(...);` in a function returning void.
#include <tangent/grad.hpp>

void square_into(double &y, double x) { y = x * x; }

void forward(double &y, double x) {
#ifdef TANGENT_FIXED
  square_into(y, x);
  return;
#else
  return square_into(y, x); // TANGENT-ERROR: 'return' with a value in a function returning void is not supported
#endif
}

double f(double x) {
  double y = 0.0;
  forward(y, x);
  return y;
}

double use(double x) { return tangent::grad<f>()(x); }
