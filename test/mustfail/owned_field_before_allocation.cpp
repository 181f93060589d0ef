// Must fail: a pointer field's array used before the differentiated
// function allocates it (the generated code keeps the array itself, from
// the allocation to the release).
#include <tangent/grad.hpp>

#define OWNED_FIELD_OWN_CLASS
#include "owned_field.h"

// A class whose member functions allocate a scratch array into a pointer
// field and release it.
class Cells {
public:
  std::vector<double> x;
  double &tmp(int i) {
    return m_tmp[i]; // TANGENT-ERROR: 'm_tmp' owns the arrays its class allocates into it, and may be used here before an allocation
  }
  void AllocateTmp(int n) { m_tmp = Allocate<double>(n); }
  void DeallocateTmp() { Release(&m_tmp); }

private:
  double *m_tmp = nullptr;
};

double f(Cells &c) {
#ifndef TANGENT_FIXED
  double s = c.tmp(0);
  c.AllocateTmp(2);
#else
  c.AllocateTmp(2);
  double s = 0.0;
#endif
  c.tmp(0) = c.x[0] * c.x[1];
  s += c.tmp(0);
  c.DeallocateTmp();
  return s;
}

double use(Cells &c, Cells &d) { return tangent::grad<f>().pullback(c, d); }
