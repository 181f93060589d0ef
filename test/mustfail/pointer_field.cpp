// Must fail: the requested function takes an object with a pointer field
// (its gradient would be a copy pointing at the same array).
#include <tangent/grad.hpp>

struct Node {
  double v;
  const double *next;
};

double f(const Node &n, double x) { return n.v * x * n.next[0]; }

double use(const Node &n, double x) {
  return std::get<1>(tangent::grad<f>()(n, x)); // TANGENT-ERROR: the parameter 'n' of 'f' is an object with a pointer field ('next')
}
