// Must fail: a pointer reassigned from one array to another, read in a
// return (such a pointer is read in statements of its own).
#include <tangent/grad.hpp>
#include <vector>

double f(const std::vector<double> &x, const std::vector<double> &y) {
  const double *p = x.data();
  double s = 0.0;
  s += p[0];
  p = y.data() + 1;
#ifdef TANGENT_FIXED
  s += *p;
  return s;
#else
  return s + *p; // TANGENT-ERROR: 'p' points into 'x' or 'y' (it is reassigned from one to another): such a pointer is read or passed on in statements of its own
#endif
}

double use(const std::vector<double> &x, const std::vector<double> &y) {
  return std::get<0>(tangent::grad<f>()(x, y))[0];
}
