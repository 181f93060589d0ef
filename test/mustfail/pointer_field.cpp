// Must fail: a class with a pointer field.
#include <tangent/grad.hpp>

struct Node {
  double v;
  double *next;
};

double f(const Node &n, double x) { // TANGENT-ERROR: the field 'next' of 'Node' has the type 'double *'
  return n.v * x;
}

double use(const Node &n, double x) { return std::get<1>(tangent::grad<f>()(n, x)); }
