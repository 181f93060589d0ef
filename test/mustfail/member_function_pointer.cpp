// Must fail: a call through a pointer to a member function.
#include <tangent/grad.hpp>

struct Spring {
  double k;
  double force(double x) const { return k * x; }
};

const Spring spring{2.0};

double f(double x) {
  return (spring.*(&Spring::force))(x) * x; // TANGENT-ERROR: this member call is not supported
}

double use(double x) { return tangent::grad<f>()(x); }
