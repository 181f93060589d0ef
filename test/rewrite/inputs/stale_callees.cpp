// Callees whose edits make a rewritten block stale: a member function, and
// the function of a gradient called inside the differentiated function.
#include <tangent/grad.hpp>

struct Spring {
  double k;
  double energy(double x) const { return k * x * x; } // EDIT-MEMBER
};

double wave(double a, double x) { return a * x * x; } // EDIT-NESTED

double f(double x) {
  const Spring s{2.0};
  const double d = tangent::grad<wave, tangent::options{.wrt = 0b10}>()(x, x);
  return s.energy(x) + d;
}

double use(double x) { return tangent::grad<f>()(x); }
