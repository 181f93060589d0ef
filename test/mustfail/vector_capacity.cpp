// Must fail: a branch on a vector's capacity (the generated code's vectors
// need not have the same).
#include <tangent/grad.hpp>

#include <vector>

double f(const std::vector<double> &x) {
  std::vector<double> t;
  t.reserve(16);
  for (double e : x)
    t.push_back(e * e);
#ifdef TANGENT_FIXED
  if (t.size() >= 16)
#else
  if (t.capacity() >= 16) // TANGENT-ERROR: capacity() is not supported
#endif
    return t[0];
  return t[0] * x[0];
}

std::vector<double> use(const std::vector<double> &x) {
  return tangent::grad<f>()(x);
}
