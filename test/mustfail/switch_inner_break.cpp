// Must fail: a break of a switch that is not the last statement of its
// case (here inside an if).
#include <tangent/grad.hpp>

double f(double x, int k) {
  double y = x;
  switch (k) {
  case 1:
#ifdef TANGENT_FIXED
    if (!(x > 0))
      y = x * x;
#else
    if (x > 0) break; // TANGENT-ERROR: 'break' inside a switch case is only supported as the case's last statement
    y = x * x;
#endif
    break;
  default:
    break;
  }
  return y;
}

double use(double x) { return tangent::grad<f>()(x, 1); }
