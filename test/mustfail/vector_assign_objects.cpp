// Must fail: assign(n, value) of a vector of objects.
#include <tangent/grad.hpp>

#include <vector>

struct P {
  double x, v;
};

double f(double a) {
  std::vector<P> ps;
#ifdef TANGENT_FIXED
  ps.clear();
  ps.resize(3, P{a, 2 * a});
#else
  ps.assign(3, P{a, 2 * a}); // TANGENT-ERROR: 'assign' of a vector of objects is not supported
#endif
  return ps[1].x * ps[2].v;
}

double use(double a) { return tangent::grad<f>()(a); }
