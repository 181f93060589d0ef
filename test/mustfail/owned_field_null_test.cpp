// Must fail: a pointer field that owns its array tested against null (the
// generated code holds the array in a vector, never null).
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
#ifndef TANGENT_FIXED
  bool held() const {
    return m_tmp != nullptr; // TANGENT-ERROR: 'm_tmp' owns the arrays its class allocates into it, which are vectors of the generated code, never null
  }
#else
  bool held() const { return held_; }
  bool held_ = false;
#endif

private:
  double *m_tmp = nullptr;
};

double f(Cells &c) {
  c.AllocateTmp(2);
  c.tmp(0) = c.x[0] * c.x[1];
  double s = c.held() ? c.tmp(0) : 0.0;
  c.DeallocateTmp();
  return s;
}

double use(Cells &c, Cells &d) { return tangent::grad<f>().pullback(c, d); }
