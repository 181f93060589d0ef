// Must fail: size() of the result of a call instead of a named container.
#include <tangent/grad.hpp>

#include <vector>

std::vector<double> same(const std::vector<double> &v) { return v; }

double f(const std::vector<double> &x) {
#ifdef TANGENT_FIXED
  const std::vector<double> y = same(x);
  return x[0] * y.size();
#else
  return x[0] * same(x).size(); // TANGENT-ERROR: size() of this expression is not supported
#endif
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
