// Must fail: a Hessian-vector product of a function with a class-type
// parameter (not supported yet; jvp takes them, and callees may have them).
#include <tangent/tangent.hpp>

struct Params {
  double k, c;
};

#ifdef TANGENT_FIXED
double energy(double k, double c, double x) {
  return 0.5 * k * x * x + c * x;
}

Params use(const Params &p) {
  auto h = tangent::hvp<energy>()(p.k, p.c, 0.3, p.k, p.c, 1.0);
  return {std::get<0>(h), std::get<1>(h)};
}
#else
double energy(const Params &p, double x) { // TANGENT-ERROR: second order (hvp, hessian) does not take class-type parameters
  return 0.5 * p.k * x * x + p.c * x;
}

Params use(const Params &p) { return std::get<0>(tangent::hvp<energy>()(p, 0.3, p, 1.0)); }
#endif
