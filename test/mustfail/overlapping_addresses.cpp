// Must fail: two addresses into one vector given to a callee that writes
// through one of them: how far each reaches only the callee knows, so the
// storage may overlap (a gradient computed as if it did not would be
// wrong).
#include <tangent/grad.hpp>
#include <vector>

void shift(double *dst, const double *src, int n) {
  for (int i = 0; i < n; ++i)
    dst[i] = src[i] * 2.0;
}

double f(std::vector<double> v) {
  shift(&v[0], &v[1], 2); // TANGENT-ERROR: the arguments '&v[0]' and '&v[1]' of 'shift' may be the same storage, and one is an address that the callee may write through
  return v[0] + v[1];
}

std::vector<double> use(std::vector<double> x) {
  return tangent::grad<f>()(x);
}
