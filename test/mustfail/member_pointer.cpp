// Must fail: a pointer to a data member.
#include <tangent/grad.hpp>

struct Spring {
  double k;
};

const Spring spring{2.0};

double f(double x) {
#ifdef TANGENT_FIXED
  const Spring spring{2.0};
  return spring.k * x;
#else
  return spring.*(&Spring::k) * x; // TANGENT-ERROR: member pointers are not supported
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
