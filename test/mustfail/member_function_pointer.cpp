// Must fail: a call through a pointer to a member function.
#include <tangent/grad.hpp>

struct Spring {
  double k;
  double force(double x) const { return k * x; }
};

const Spring spring{2.0};

double f(double x) {
#ifdef TANGENT_FIXED
  const Spring spring{2.0};
  return spring.force(x) * x;
#else
  return (spring.*(&Spring::force))(x) * x; // TANGENT-ERROR: this member call is not supported
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
