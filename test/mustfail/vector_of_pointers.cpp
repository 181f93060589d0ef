// Must fail: a std::vector of pointers (each element would view storage
// known only at run time).
#include <tangent/grad.hpp>

#include <vector>

double f(const double *x, int n) {
#ifdef TANGENT_FIXED
  const double *row0 = x;
  const double *row1 = x + n / 2;
  return row0[0] * row1[0];
#else
  std::vector<const double *> rows(2); // TANGENT-ERROR: a std::vector of pointers is not supported
  rows[0] = x;
  rows[1] = x + n / 2;
  return rows[0][0] * rows[1][0];
#endif
}

double use(const double *x, double *dx) {
  return tangent::grad<f>().pullback(x, 4, dx);
}
