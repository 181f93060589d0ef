// Must fail: a vector of objects whose pointer field owns its arrays (one
// array per element: the generated code would need a vector of vectors per
// such field).
#include <tangent/grad.hpp>

#include "owned_field.h"

double f(const double *x, int n) {
#ifdef TANGENT_FIXED
  Cells a, b;
  a.x.resize(n);
  b.x.resize(n);
  for (int i = 0; i < n; ++i)
    a.x[i] = b.x[i] = x[i];
  return a.x[0] * b.x[1];
#else
  std::vector<Cells> cs(2); // TANGENT-ERROR: hold a pointer field that owns its array ('m_tmp')
  cs[0].x.resize(n);
  cs[1].x.resize(n);
  for (int i = 0; i < n; ++i)
    cs[0].x[i] = cs[1].x[i] = x[i];
  return cs[0].x[0] * cs[1].x[1];
#endif
}

double use(const double *x, double *dx) {
  return tangent::grad<f>().pullback(x, 3, dx);
}
