// Must fail: recursion through a function that uses a pointer field's array
// (the order of its allocation and uses is not followed through it).
#include <tangent/grad.hpp>

#include "owned_field.h"

#ifndef TANGENT_FIXED
double sum(Cells &c, int k) {
  if (k == 0)
    return c.tmp(0);
  const double rest = sum(c, k - 1); // TANGENT-ERROR: a recursive call of a function that uses an array a pointer field owns is not supported
  return c.tmp(k) + rest;
}
#else
double sum(Cells &c, int k) {
  double s = 0.0;
  for (int i = k; i >= 0; --i)
    s += c.tmp(i);
  return s;
}
#endif

double f(Cells &c) {
  c.AllocateTmp(2);
  c.tmp(0) = c.x[0] * c.x[1];
  c.tmp(1) = c.x[0] + c.x[1];
  const double s = sum(c, 1);
  c.DeallocateTmp();
  return s;
}

double use(Cells &c, Cells &d) { return tangent::grad<f>().pullback(c, d); }
