// Must fail: a row of a local 2-D array used as a pointer other than as the
// argument of a pointer parameter (here, pointer arithmetic on it).
#include <tangent/grad.hpp>

double sum(const double *a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

double f(double x) {
  double m[2][3] = {};
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] = x * (i + j);
#ifdef TANGENT_FIXED
  return sum(m[1], 3) - m[1][0]; // the row whole, minus its first element
#else
  return sum(m[1] + 1, 2); // TANGENT-ERROR: a row of a multi-dimensional array (`m[i]`) is supported only as the argument
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
