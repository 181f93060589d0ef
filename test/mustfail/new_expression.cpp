// Must fail: an expression kind tangent has no rule for (here new).
#include <tangent/grad.hpp>

double f(double x) {
  double *p = new double(x); // TANGENT-ERROR: expression 'CXXNewExpr' is not supported
  double y = *p * x;
  delete p;
  return y;
}

double use(double x) { return tangent::grad<f>()(x); }
