// Must fail: push_back (and the other size-changing operations) of a vector
// of vectors; build it with its size instead.
#include <tangent/grad.hpp>

#include <vector>

double f(double x) {
  std::vector<std::vector<double>> m;
  m.push_back(std::vector<double>{x, x * x}); // TANGENT-ERROR: 'push_back' of a vector of vectors is not supported yet
  return m[0][1] * x;
}

double use(double x) { return tangent::grad<f>()(x); }
