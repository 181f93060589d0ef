// Must fail: a gradient called inside a differentiated function (nested
// differentiation) with respect to a std::vector (its derivative is taken
// one selected value at a time, from scalars and objects of scalars).
#include <tangent/grad.hpp>

#include <vector>

double spread(const std::vector<double> &v, double x) {
  double s = 0.0;
  for (double e : v)
    s += e * x * x;
  return s;
}

double outer(double a) {
  std::vector<double> v{a, 2.0 * a};
#ifdef TANGENT_FIXED
  const double g = tangent::grad<spread, tangent::options{.wrt = 0b10}>()(v, a);
  return g;
#else
  std::vector<double> g = tangent::grad<spread, tangent::options{.wrt = 0b01}>()(v, a); // TANGENT-ERROR: is supported with respect to floating-point parameters and objects of floating-point fields; 'v' of 'spread' is a 'std::vector<double>'
  return g[0];
#endif
}

double use(double a) { return tangent::grad<outer>()(a); }
