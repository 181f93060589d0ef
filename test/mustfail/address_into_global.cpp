// Must fail: an address into an array that is not a parameter or a local
// of the function (a global table).
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
const double table[3] = {1.0, 2.0, 3.0};
#else
double table[3] = {1.0, 2.0, 3.0};
#endif

double first(const double *p) { return p[0]; }

double f(double x) {
  return first(table + 1) * x; // TANGENT-ERROR: an address into an array is supported for a named array, vector or pointer
}

double use(double x) { return tangent::grad<f>()(x); }
