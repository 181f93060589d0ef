// Must fail: a std::vector member function other than size(), at() and [].
#include <tangent/grad.hpp>

#include <vector>

double f(double x) {
  std::vector<double> v;
  v.push_back(x); // TANGENT-ERROR: member function 'push_back' is not supported
  return v[0] * x;
}

double use(double x) { return tangent::grad<f>()(x); }
