// Must fail: std::vector::insert anywhere but at the end.
#include <tangent/grad.hpp>

#include <vector>

double f(double x) {
  std::vector<double> v(3, x);
  v.insert(v.begin(), x * x); // TANGENT-ERROR: insert is supported at the end of a vector only
  return v[0] * x;
}

double use(double x) { return tangent::grad<f>()(x); }
