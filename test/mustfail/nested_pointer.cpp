// Must fail: a gradient called inside a differentiated function (nested
// differentiation) of a function with a pointer parameter (its directions
// would need the pointer's extent).
#include <tangent/grad.hpp>

#include <array>

#ifdef TANGENT_FIXED
double scaled(const std::array<double, 2> &p, double x) { return p[0] * x * x + p[1]; }
#else
double scaled(const double *p, double x) { return p[0] * x * x + p[1]; }
#endif

double outer(double a) {
#ifdef TANGENT_FIXED
  std::array<double, 2> p{a, 1.0};
#else
  double p[2] = {a, 1.0};
#endif
  return tangent::grad<scaled, tangent::options{.wrt = 0b10}>()(p, a); // TANGENT-ERROR: of a function with a pointer or non-const reference parameter ('p' of 'scaled') is not supported yet
}

double use(double a) { return tangent::grad<outer>()(a); }
