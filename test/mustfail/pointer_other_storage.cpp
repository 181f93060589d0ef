// Must fail: a view reassigned to an address into a row of a vector of
// vectors (the storage a view is reassigned to is a named array, vector or
// pointer).
#include <tangent/grad.hpp>
#include <vector>

double f(const std::vector<double> &x,
         const std::vector<std::vector<double>> &m) {
  const double *p = x.data();
  double s = *p;
#ifdef TANGENT_FIXED
  const double *q = &m[1][0];
  s += q[0];
#else
  p = m[1].data(); // TANGENT-ERROR: 'p' views 'x': it is reassigned only to addresses into 'x'
  s += p[0];
#endif
  return s;
}

double use(const std::vector<double> &x,
           const std::vector<std::vector<double>> &m) {
  return std::get<0>(tangent::grad<f>()(x, m))[0];
}
