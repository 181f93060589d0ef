// Must fail: a Hessian-vector product of a function with a class-type
// parameter (not supported yet; jvp takes them, and callees may have them).
#include <tangent/tangent.hpp>

struct Params {
  double k, c;
};

double energy(const Params &p, double x) { // TANGENT-ERROR: second order (hvp, hessian) does not take class-type parameters
  return 0.5 * p.k * x * x + p.c * x;
}

Params use(const Params &p) { return std::get<0>(tangent::hvp<energy>()(p, 0.3, p, 1.0)); }
