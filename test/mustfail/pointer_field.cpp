// Must fail: the requested function takes an object with a pointer field
// (its gradient would be a copy pointing at the same array).
#include <tangent/grad.hpp>

struct Node {
  double v;
  const double *next;
};

#ifdef TANGENT_FIXED
double f(double v, const double *next, double x) {
  const Node n{v, next};
  return n.v * x * n.next[0];
}

double use(const Node &n, double x) {
  constexpr auto numbers = tangent::options{.wrt = tangent::wrt_params(0, 2)};
  return std::get<1>(tangent::grad<f, numbers>()(n.v, n.next, x));
}
#else
double f(const Node &n, double x) { return n.v * x * n.next[0]; }

double use(const Node &n, double x) {
  return std::get<1>(tangent::grad<f>()(n, x)); // TANGENT-ERROR: the parameter 'n' of 'f' is an object with a pointer field ('next')
}
#endif
