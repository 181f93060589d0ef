// Must fail: forward mode of a function with a raw pointer parameter (the
// size of its tangent is unknown).
#include <tangent/tangent.hpp>

double sum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
  return s;
}

double use(const double *x) {
  return tangent::jvp<sum>()(x, 3); // TANGENT-ERROR: cannot take a tangent for its raw pointer parameter 'x'
}
