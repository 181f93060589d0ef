// Must fail: a pointer field's array still allocated when the
// differentiated function returns (the caller's pointer is not the
// generated code's array).
#include <tangent/grad.hpp>

#include "owned_field.h"

#ifndef TANGENT_FIXED
double f(Cells &c) { // TANGENT-ERROR: when 'f' returns, the field 'm_tmp' may still hold the array allocated at
  c.AllocateTmp(2);
  c.tmp(0) = c.x[0] * c.x[1];
  return c.tmp(0);
}
#else
double f(Cells &c) {
  c.AllocateTmp(2);
  c.tmp(0) = c.x[0] * c.x[1];
  const double s = c.tmp(0);
  c.DeallocateTmp();
  return s;
}
#endif

double use(Cells &c, Cells &d) { return tangent::grad<f>().pullback(c, d); }
