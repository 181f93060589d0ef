// Must fail: an expression kind tangent has no rule for (here new).
#include <tangent/grad.hpp>

double f(double x) {
#ifdef TANGENT_FIXED
  double *p = new double[1];
  p[0] = x;
  double y = p[0] * x;
  delete[] p;
#else
  double *p = new double(x); // TANGENT-ERROR: new of a single value or object is not supported
  double y = *p * x;
  delete p;
#endif
  return y;
}

double use(double x) { return tangent::grad<f>()(x); }
