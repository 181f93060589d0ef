// Must fail: a whole local 2-D array given to a callee (its parameter is a
// pointer to rows, which tangent does not represent).
#include <tangent/grad.hpp>

double trace(const double (*m)[3]) { return m[0][0] + m[1][1] + m[2][2]; }
double trace_rows(const double *r0, const double *r1, const double *r2) {
  return r0[0] + r1[1] + r2[2];
}

double f(double x) {
  double m[3][3] = {};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] = x * (i + 1) - j;
#ifdef TANGENT_FIXED
  return trace_rows(m[0], m[1], m[2]); // its rows one by one
#else
  return trace(m); // TANGENT-ERROR: a multi-dimensional array is supported as a local variable
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
