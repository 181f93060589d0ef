// Must fail: goto in a callee of the differentiated function; the error
// points into the callee.
#include <tangent/grad.hpp>

double iterate(double x) {
#ifdef TANGENT_FIXED
  int i = 0;
  do
    x = 0.5 * x + 1.0;
  while (++i < 4);
#else
  int i = 0;
loop:
  x = 0.5 * x + 1.0;
  if (++i < 4)
    goto loop; // TANGENT-ERROR: 'goto' is not supported
#endif
  return x;
}

double f(double x) { return iterate(x) * x; }

double use(double x) { return tangent::grad<f>()(x); }
