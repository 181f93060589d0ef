// Must fail: a union parameter (the active member is not known statically).
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
struct Bits {
#else
union Bits {
#endif
  double d;
  long long i;
};

double f(const Bits &b, double x) { // TANGENT-ERROR: unions are not supported
  return b.d * x;
}

double use(const Bits &b, double x) {
  return tangent::grad<f, tangent::options{.wrt = 0b10}>()(b, x);
}
