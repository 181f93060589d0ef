// Must fail: a gradient of a member function called inside a differentiated
// function (nested differentiation).
#include <tangent/grad.hpp>

struct Spring {
  double k;
  double energy(double x) const { return 0.5 * k * x * x; }
};

#ifdef TANGENT_FIXED
double energy(const Spring &s, double x) { return s.energy(x); }
#endif

double outer(double a) {
  Spring s{a};
#ifdef TANGENT_FIXED
  return tangent::grad<energy, tangent::options{.wrt = 0b10}>()(s, a);
#else
  return tangent::grad<&Spring::energy, tangent::options{.wrt = 0b10}>()(s, a); // TANGENT-ERROR: of a member function ('energy') is not supported yet; request a free function that calls it
#endif
}

double use(double a) { return tangent::grad<outer>()(a); }
