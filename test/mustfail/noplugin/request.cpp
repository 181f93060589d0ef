// Without the plugin (or a rewritten source), a request must not compile,
// and the error must say how to enable the plugin.
#include <tangent/tangent.hpp>

double f(double x) { return x * x; }

double use(double x) { return tangent::grad<f>()(x); }
