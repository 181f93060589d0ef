// Must fail: comparing a pointer that is reassigned from one array to
// another (which array it points into is known only at run time).
#include <tangent/grad.hpp>
#include <vector>

double f(const std::vector<double> &x, const std::vector<double> &y) {
  const double *p = x.data();
  double s = 0.0;
  s += p[0];
#ifdef TANGENT_FIXED
  int k = 0;
  p = y.data() + k;
  if (k < 1)
    s += 1.0;
#else
  p = y.data();
  if (p < y.data() + 1) // TANGENT-ERROR: 'p' points into several arrays (it is reassigned from one to another): compare indices instead
    s += 1.0;
#endif
  return s;
}

double use(const std::vector<double> &x, const std::vector<double> &y) {
  return std::get<0>(tangent::grad<f>()(x, y))[0];
}
