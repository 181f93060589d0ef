// Must fail: goto in the differentiated function.
#include <tangent/grad.hpp>

double f(double x, int n) {
  double y = x;
#ifdef TANGENT_FIXED
  int i = 0;
  do
    y = y * x;
  while (++i < n);
#else
  int i = 0;
again:
  y = y * x;
  if (++i < n)
    goto again; // TANGENT-ERROR: 'goto' is not supported
#endif
  return y;
}

double use(double x) { return tangent::grad<f>()(x, 3); }
