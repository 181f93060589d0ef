// Must fail: a size-changing vector operation used as a value.
#include <tangent/grad.hpp>

#include <vector>

double f(double x) {
  std::vector<double> v;
  double first = v.emplace_back(x) * x; // TANGENT-ERROR: 'emplace_back' is supported as a statement of its own
  return first * x;
}

double use(double x) { return tangent::grad<f>()(x); }
