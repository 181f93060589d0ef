// Must fail: stepping a pointer that is reassigned from one array to
// another.
#include <tangent/grad.hpp>
#include <vector>

double f(const std::vector<double> &x, const std::vector<double> &y) {
  const double *p = x.data();
  double s = 0.0;
  s += p[0];
  p = y.data();
#ifdef TANGENT_FIXED
  int k = 0;
  ++k;
  s += p[k];
#else
  ++p; // TANGENT-ERROR: 'p' points into 'x' or 'y' (it is reassigned from one to another): such a pointer is reassigned, not stepped
  s += p[0];
#endif
  return s;
}

double use(const std::vector<double> &x, const std::vector<double> &y) {
  return std::get<0>(tangent::grad<f>()(x, y))[0];
}
