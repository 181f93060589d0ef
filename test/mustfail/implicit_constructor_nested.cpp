// Must fail: an implicit default constructor that would run a constructor
// of the user's for a member (the lowering would not run it).
#include <tangent/grad.hpp>

struct B {
  double k;
  B() : k(2.0) {}
};

struct A {
  B b;
  double x = 1.0;
};

double f(double s) {
#ifdef TANGENT_FIXED
  A a{};
#else
  A a; // TANGENT-ERROR: the implicit default constructor of 'A' runs the constructor of 'B'
#endif
  return a.b.k * s + a.x;
}

double use(double s) { return tangent::grad<f>()(s); }
