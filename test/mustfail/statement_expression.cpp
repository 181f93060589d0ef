// Must fail: a GNU statement expression, a kind of expression tangent does
// not know.
#include <tangent/grad.hpp>

double f(double x) {
#ifdef TANGENT_FIXED
  double t = x * 2.0;
  double y = t + 1.0;
#else
  double y = ({ // TANGENT-ERROR: expression 'StmtExpr' is not supported
    double t = x * 2.0;
    t + 1.0;
  });
#endif
  return y * x;
}

double use(double x) { return tangent::grad<f>()(x); }
