// Must fail: assigning to the reference a call returns, when the callee is
// not an accessor (its body is more than `return <element or field>;`).
#include <tangent/grad.hpp>

#include <vector>

double &pick(std::vector<double> &v, int i) {
#ifdef TANGENT_FIXED
  return v[i % 2];
#else
  const int k = i % 2;
  return v[k];
#endif
}

double f(std::vector<double> v, double x) {
  pick(v, 0) = x * x; // TANGENT-ERROR: assigning to the result of a call is not supported
  return v[0] + v[1];
}

double use(const std::vector<double> &v) { return std::get<1>(tangent::grad<f>()(v, 1.0)); }
