// Must fail: a default member initializer that reads another member.
#include <tangent/grad.hpp>

struct Pair {
  double a = 1.0;
  double b = a * 2.0;
};

double f(double x) {
#ifdef TANGENT_FIXED
  Pair p{1.0, 2.0};
#else
  Pair p; // TANGENT-ERROR: the default member initializer of 'b' reads other members
#endif
  return p.b * x;
}

double use(double x) { return tangent::grad<f>()(x); }
