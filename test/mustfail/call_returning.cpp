// Must fail: a call whose result type tangent cannot represent.
#include <tangent/grad.hpp>

#include <tuple>
#include <vector>

#ifdef TANGENT_FIXED
void both(double x, std::vector<double> &v, double &s) {
  v = {x};
  s = x * x;
}
#else
std::tuple<std::vector<double>, double> both(double x) { return {{x}, x * x}; }
#endif

double f(double x) {
#ifdef TANGENT_FIXED
  std::vector<double> v;
  double s = 0.0;
  both(x, v, s);
#else
  both(x); // TANGENT-ERROR: a call returning 'std::tuple<std::vector<double>, double>' is not supported
#endif
  return x;
}

double use(double x) { return tangent::grad<f>()(x); }
