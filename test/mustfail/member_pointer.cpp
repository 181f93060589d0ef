// Must fail: a pointer to a data member.
#include <tangent/grad.hpp>

struct Spring {
  double k;
};

const Spring spring{2.0};

double f(double x) {
  return spring.*(&Spring::k) * x; // TANGENT-ERROR: member pointers are not supported
}

double use(double x) { return tangent::grad<f>()(x); }
