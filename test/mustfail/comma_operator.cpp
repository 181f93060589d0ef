// Must fail: the comma operator (here in a for increment).
#include <tangent/grad.hpp>

double f(double x) {
  double y = 0.0;
  for (int i = 0, j = 0; i < 3; ++i, ++j) // TANGENT-ERROR: the comma operator is not supported
    y += x * j;
  return y;
}

double use(double x) { return tangent::grad<f>()(x); }
