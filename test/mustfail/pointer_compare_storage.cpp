// Must fail: comparing pointers into two different arrays (their order is
// not a property of the values tangent represents).
#include <tangent/grad.hpp>
#include <vector>

double f(const std::vector<double> &x, const std::vector<double> &y) {
  double s = 0.0;
#ifdef TANGENT_FIXED
  for (const double *p = x.data(); p < x.data() + 3; ++p)
#else
  for (const double *p = x.data(); p < y.data() + 3; ++p) // TANGENT-ERROR: comparing or subtracting pointers is supported for two pointers into one array
#endif
    s += *p;
  return s;
}

double use(const std::vector<double> &x, const std::vector<double> &y) {
  return std::get<0>(tangent::grad<f>()(x, y))[0];
}
