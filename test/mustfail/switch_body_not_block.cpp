// Must fail: a switch whose body is a single case, not a block.
#include <tangent/grad.hpp>

double f(double x, int k) {
  double y = x;
  switch (k) // TANGENT-ERROR: a switch whose body is not a block is not supported
  case 1:
    y = x * x;
  return y;
}

double use(double x) { return tangent::grad<f>()(x, 1); }
