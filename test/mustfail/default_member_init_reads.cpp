// Must fail: a default member initializer that reads another member.
#include <tangent/grad.hpp>

struct Pair {
  double a = 1.0;
  double b = a * 2.0;
};

double f(double x) {
  Pair p; // TANGENT-ERROR: the default member initializer of 'b' reads other members
  return p.b * x;
}

double use(double x) { return tangent::grad<f>()(x); }
