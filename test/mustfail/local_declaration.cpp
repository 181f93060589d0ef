// Must fail: a declaration other than a variable, a type alias, a using
// declaration or a static_assert (here a local struct).
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
struct Local {
  double v;
};

double f(double x) {
  return x * x;
}
#else
double f(double x) {
  struct Local { // TANGENT-ERROR: this declaration is not supported inside a differentiated function
    double v;
  };
  return x * x;
}
#endif

double use(double x) { return tangent::grad<f>()(x); }
