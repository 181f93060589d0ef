// Must fail: assigning to a container that is not named (here one of two,
// chosen by a conditional).
#include <tangent/grad.hpp>

#include <vector>

double f(const std::vector<double> &x, bool c) {
  std::vector<double> a(2), b(2);
#ifdef TANGENT_FIXED
  if (c)
    a = x;
  else
    b = x;
#else
  (c ? a : b) = x; // TANGENT-ERROR: assigning to this container is not supported
#endif
  return a[0] * b[1];
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v, true)[0]; }
