// Must fail: a size-changing vector operation used as a value.
#include <tangent/grad.hpp>

#include <vector>

double f(double x) {
  std::vector<double> v;
#ifdef TANGENT_FIXED
  v.emplace_back(x);
  double first = v.back() * x;
#else
  double first = v.emplace_back(x) * x; // TANGENT-ERROR: 'emplace_back' is supported as a statement of its own
#endif
  return first * x;
}

double use(double x) { return tangent::grad<f>()(x); }
