// Must fail: an object copied while its pointer field holds an array (the
// copied pointer shares the array; the generated code's copy would not).
#include <tangent/grad.hpp>

#include "owned_field.h"

double f(Cells &c) {
  c.AllocateTmp(2);
  c.tmp(0) = c.x[0] * c.x[1];
#ifndef TANGENT_FIXED
  Cells d = c; // TANGENT-ERROR: copying an object whose field 'm_tmp' may hold an array it owns is not supported
  c.DeallocateTmp();
#else
  c.DeallocateTmp();
  Cells d = c;
#endif
  return d.x[0] + c.x[1];
}

double use(Cells &c, Cells &g) { return tangent::grad<f>().pullback(c, g); }
