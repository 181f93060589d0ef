// Must fail: forward mode of a function with a class-type parameter (not
// supported yet; its callees may have them).
#include <tangent/tangent.hpp>

struct Params {
  double k, c;
};

double energy(const Params &p, double x) { // TANGENT-ERROR: forward mode (jvp, jacobian, hvp, hessian) does not take class-type parameters
  return 0.5 * p.k * x * x + p.c * x;
}

double use(const Params &p) { return tangent::jvp<energy>()(p, 0.3, p, 1.0); }
