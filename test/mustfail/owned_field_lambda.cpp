// Must fail: a lambda that releases a pointer field's array (where and how
// often a lambda is called is not followed).
#include <tangent/grad.hpp>

#include "owned_field.h"

double f(Cells &c) {
  c.AllocateTmp(2);
  c.tmp(0) = c.x[0] * c.x[1];
  const double s = c.tmp(0);
#ifndef TANGENT_FIXED
  auto done = [&c]() { c.DeallocateTmp(); }; // TANGENT-ERROR: a lambda that allocates or releases an array a pointer field owns is not supported
  done();
#else
  c.DeallocateTmp();
#endif
  return s;
}

double use(Cells &c, Cells &d) { return tangent::grad<f>().pullback(c, d); }
