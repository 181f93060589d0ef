// Must fail: a constructor that only sets pointer fields (run in place, its
// views pointing into the caller's arrays) given a pointer that is not an
// address into a named array, vector or pointer.
#include <tangent/grad.hpp>

#include <vector>

struct Window {
  const double *first;
  const double *last;
  Window(const double *p, int n) : first(p), last(&p[n - 1]) {}
};

const double *middle(const std::vector<double> &v) { return &v[v.size() / 2]; }

double f(const std::vector<double> &x) {
#ifndef TANGENT_FIXED
  Window w(middle(x), 2); // TANGENT-ERROR: a constructor that sets pointer fields takes addresses into named arrays, vectors or pointers
#else
  Window w(&x[x.size() / 2], 2);
#endif
  return *w.first * *w.last;
}

double use(const std::vector<double> &x) { return tangent::grad<f>()(x)[0]; }
