// Must fail: indexing the result of a call instead of a named container.
#include <tangent/grad.hpp>

#include <cstddef>
#include <vector>

std::vector<double> twice(const std::vector<double> &v) {
  std::vector<double> w(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    w[i] = 2.0 * v[i];
  return w;
}

double f(const std::vector<double> &x) {
#ifdef TANGENT_FIXED
  const std::vector<double> t = twice(x);
  return t[0] * x[1];
#else
  return twice(x)[0] * x[1]; // TANGENT-ERROR: indexing this expression is not supported
#endif
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
