// Must fail: a global that is not a number (a vector, an array, an
// object), even if only read.
#include <tangent/grad.hpp>
#include <vector>

std::vector<double> weights(3, 0.5);

#ifdef TANGENT_FIXED
double f(double x, const std::vector<double> &w) { return w[0] * x * x; }
auto use(double x) { return tangent::grad<f>()(x, weights); }
#else
double f(double x) {
  return weights[0] * x * x; // TANGENT-ERROR: global variable 'weights' is supported only when it is a number that the differentiated code reads
}
double use(double x) { return tangent::grad<f>()(x); }
#endif
