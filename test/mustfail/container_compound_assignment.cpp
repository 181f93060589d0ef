// Must fail: a compound assignment to a whole container (through a user
// operator+=).
#include <tangent/grad.hpp>

#include <cstddef>
#include <vector>

std::vector<double> &operator+=(std::vector<double> &a, const std::vector<double> &b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] += b[i];
  return a;
}

double f(const std::vector<double> &x) {
  std::vector<double> s(x.size());
  s += x; // TANGENT-ERROR: compound assignment to a container is not supported
  return s[0] * s[1];
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
