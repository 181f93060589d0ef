// Shared by the owned_field_* must-fail files: C allocation wrappers, and a
// class whose member functions allocate a scratch array into a pointer
// field and release it (a field that owns its arrays).
#ifndef TANGENT_MUSTFAIL_OWNED_FIELD_H
#define TANGENT_MUSTFAIL_OWNED_FIELD_H
#include <cstdlib>
#include <vector>

template <class T> T *Allocate(std::size_t n) {
  return static_cast<T *>(malloc(sizeof(T) * n));
}
template <class T> void Release(T **p) {
  if (*p != NULL) {
    free(*p);
    *p = NULL;
  }
}

#ifndef OWNED_FIELD_OWN_CLASS
class Cells {
public:
  std::vector<double> x;
  double &tmp(int i) { return m_tmp[i]; }
  void AllocateTmp(int n) { m_tmp = Allocate<double>(n); }
  void DeallocateTmp() { Release(&m_tmp); }

private:
  double *m_tmp = nullptr;
};
#endif

#endif
