// Must fail: a pointer field that owns the arrays its class allocates,
// set to an address by the differentiated function.
#include <tangent/grad.hpp>

#define OWNED_FIELD_OWN_CLASS
#include "owned_field.h"

// A class whose member functions allocate a scratch array into a pointer
// field and release it.
class Cells {
public:
  std::vector<double> x;
  double &tmp(int i) { return m_tmp[i]; }
  void AllocateTmp(int n) { m_tmp = Allocate<double>(n); }
  void DeallocateTmp() { Release(&m_tmp); }

  double *m_tmp = nullptr;
};

double f(Cells &c) {
  std::vector<double> buffer(2);
#ifndef TANGENT_FIXED
  c.m_tmp = buffer.data(); // TANGENT-ERROR: 'm_tmp' owns the arrays its class allocates into it: assigning it anything but an allocation is not supported
#else
  c.AllocateTmp(2);
#endif
  c.tmp(0) = c.x[0] * c.x[1];
  const double s = c.tmp(0) + buffer[0];
#ifdef TANGENT_FIXED
  c.DeallocateTmp();
#endif
  return s;
}

double use(Cells &c, Cells &d) { return tangent::grad<f>().pullback(c, d); }
