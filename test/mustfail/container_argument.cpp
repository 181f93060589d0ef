// Must fail: passing a choice of two containers where a callee takes a
// vector (a call, braces or a temporary work).
#include <tangent/grad.hpp>

#include <vector>

double sum(const std::vector<double> &v) {
  double s = 0.0;
  for (double e : v)
    s += e;
  return s;
}

double f(double x, double y) {
  const std::vector<double> a = {x, y};
  const std::vector<double> b = {y, x * y};
#ifdef TANGENT_FIXED
  return x > y ? sum(a) : sum(b);
#else
  return sum(x > y ? a : b); // TANGENT-ERROR: pass a named container to 'sum'
#endif
}

double use(double x, double y) { return std::get<0>(tangent::grad<f>()(x, y)); }
