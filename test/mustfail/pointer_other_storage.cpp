// Must fail: a view reassigned to an address into other storage (what a
// pointer views never changes; its offset in that storage does).
#include <tangent/grad.hpp>
#include <vector>

double f(const std::vector<double> &x, const std::vector<double> &y) {
  const double *p = x.data();
  double s = *p;
  p = y.data() + 1; // TANGENT-ERROR: 'p' views 'x': it is reassigned only to addresses into 'x'
  return s + *p;
}

double use(const std::vector<double> &x, const std::vector<double> &y) {
  return std::get<0>(tangent::grad<f>()(x, y))[0];
}
