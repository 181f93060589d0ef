// Must fail: a call to a member function of a user class.
#include <tangent/grad.hpp>

struct Spring {
  double k;
  double energy(double x) const { return 0.5 * k * x * x; }
};

const Spring spring{2.0};

double f(double x) {
  return spring.energy(x) + x; // TANGENT-ERROR: member function 'energy' is not supported
}

double use(double x) { return tangent::grad<f>()(x); }
