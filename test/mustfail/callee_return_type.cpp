// Must fail: a callee whose return type is neither a number, a vector nor
// void (here a pointer); the error points at the callee.
#include <tangent/grad.hpp>

#include <vector>

#ifdef TANGENT_FIXED
double first(const std::vector<double> &v) { return v[0]; }
#else
const double *first(const std::vector<double> &v) { // TANGENT-ERROR: return type 'const double *' of 'first' is not supported
  return v.data();
}
#endif

double f(const std::vector<double> &v) {
  first(v);
  return v[0] * v[1];
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
