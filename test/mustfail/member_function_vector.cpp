// Must fail: a std::vector member function tangent has no meaning for
// (assign; push_back, resize, back... are lowered).
#include <tangent/grad.hpp>

#include <vector>

double f(double x) {
  std::vector<double> v;
  v.assign(3, x); // TANGENT-ERROR: member function 'assign' is not supported
  return v[0] * x;
}

double use(double x) { return tangent::grad<f>()(x); }
