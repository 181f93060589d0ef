// Must fail: a class without a name (and no typedef naming it), which
// generated code cannot name. `typedef struct { ... } Wishart;` is fine.
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
struct Params {
  double k;
} params;
#else
struct {
  double k;
} params;

using Params = decltype(params);
#endif

double f(Params p, double x) { // TANGENT-ERROR: a class defined inside a function or without a name is not supported
  return p.k * x * x;
}

double use(double x) { return std::get<1>(tangent::grad<f>()(params, x)); }
