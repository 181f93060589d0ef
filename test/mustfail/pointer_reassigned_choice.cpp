// Must fail: a pointer reassigned to something that is not an address
// into its storage (one of two addresses, chosen at run time).
#include <tangent/grad.hpp>
#include <vector>

double f(const std::vector<double> &x, bool c) {
  const double *p = x.data();
#ifdef TANGENT_FIXED
  p = &x[c ? 1 : 2];
#else
  p = c ? &x[1] : &x[2]; // TANGENT-ERROR: a pointer is reassigned to an address into the storage it views
#endif
  return *p;
}

double use(const std::vector<double> &x) {
  return tangent::grad<f>()(x, true)[0];
}
