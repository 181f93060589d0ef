// Must fail: a parameter of a user class type.
#include <tangent/grad.hpp>

struct Params {
  double k, c;
};

double f(const Params &p, double x) { // TANGENT-ERROR: parameter type 'const Params &' is not supported
  return x * x;
}

double use(const Params &p, double x) { return tangent::grad<f>()(p, x); }
