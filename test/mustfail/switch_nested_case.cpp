// Must fail: a case label nested inside another statement of the switch
// (Duff's device).
#include <tangent/grad.hpp>

double f(double x, int k) {
  double y = x;
  switch (k) {
  case 0:
    if (x > 0) {
    case 1: // TANGENT-ERROR: statement 'CaseStmt' is not supported
      y = x * x;
    }
    break;
  default:
    break;
  }
  return y;
}

double use(double x) { return tangent::grad<f>()(x, 1); }
