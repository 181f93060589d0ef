// Must fail: the address of one variable given twice to a callee that
// writes through one of them: the callee may reach past the variable (as
// far as it goes only it knows), so no specialisation can name the storage.
#include <tangent/grad.hpp>

void scale(double *dst, const double *src) { dst[0] = src[0] * 2.0; }

double f(double x) {
  double a = x * x;
#ifdef TANGENT_FIXED
  const double b = a;
  scale(&a, &b);
#else
  scale(&a, &a); // TANGENT-ERROR: the arguments '&a' and '&a' of 'scale' may be the same storage, and one is an address that the callee may write through
#endif
  return a;
}

double use(double x) { return tangent::grad<f>()(x); }
