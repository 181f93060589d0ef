// Must fail: a global 2-D array (only local multi-dimensional arrays are
// stored flat, which their indexing and the callees they are given to need).
#include <tangent/grad.hpp>

double trace(const double (*m)[3]) { return m[0][0] + m[1][1] + m[2][2]; }

#ifndef TANGENT_FIXED
double weights[3][3] = {{1.0, 0.5, 0.0}, {0.5, 2.0, 0.5}, {0.0, 0.5, 3.0}};
#endif

double f(double x) {
#ifdef TANGENT_FIXED
  double m[3][3] = {{1.0, 0.5, 0.0}, {0.5, 2.0, 0.5}, {0.0, 0.5, 3.0}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] *= x; // a local array
  return trace(m);
#else
  double s = 0.0;
  for (int i = 0; i < 3; ++i)
    s += weights[i][i] * x; // TANGENT-ERROR: a multi-dimensional array is supported as a local variable, indexed
  return s;
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
