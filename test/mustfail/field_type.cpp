// Must fail: a class with a field of a type tangent does not represent.
#include <tangent/grad.hpp>

#include <string>

struct Named {
  double v;
#ifndef TANGENT_FIXED
  std::string name;
#endif
};

double f(const Named &n, double x) { // TANGENT-ERROR: the field 'name' of 'Named' has the type
  return n.v * x;
}

double use(const Named &n, double x) {
  return std::get<1>(tangent::grad<f>()(n, x));
}
