// Must fail: a global that the differentiated code reads, whose address
// is taken elsewhere in the file: writes through the pointer would change
// it behind its name.
#include <tangent/grad.hpp>

double scale = 2.0;

#ifdef TANGENT_FIXED
double f(double x, double s) { return s * x * x; }
auto use(double x) { return tangent::grad<f>()(x, scale); }
#else
double *current = &scale; // TANGENT-ERROR: global variable 'scale', which the differentiated code reads, has its address taken or a non-const reference bound to it here
double f(double x) { return scale * x * x; }
double use(double x) { return tangent::grad<f>()(x); }
#endif
