// Must fail: a local of a type tangent cannot represent (a vector of
// vectors of vectors).
#include <tangent/grad.hpp>

#include <vector>

double f(double x) {
#ifdef TANGENT_FIXED
  std::vector<double> t(2 * 3 * 4); // t[(i * 3 + j) * 4 + k]
  t[5] = x * x;
  return t[5];
#else
  std::vector<std::vector<std::vector<double>>> t(2); // TANGENT-ERROR: local variable type 'std::vector<std::vector<std::vector<double>
  return x;
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
