// Must fail: a callee indexes its pointer to objects, and is given
// something other than an array the caller holds (a pointer chosen at run
// time between two arrays).
#include <tangent/grad.hpp>

struct Vec {
  double x, y;
};

double sum(const Vec *p, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i].x * p[i].y;
  return s;
}

double f(double a) {
  Vec vs[3] = {{a, 1}, {2, a}, {a, a}};
  Vec ws[3] = {{1, a}, {a, 2}, {a, 3}};
#ifdef TANGENT_FIXED
  return a > 0 ? sum(vs, 3) : sum(ws, 3);
#else
  return sum(a > 0 ? vs : ws, 3); // TANGENT-ERROR: give the parameter 'p' of 'sum' (a pointer to objects it indexes) a C array of the objects
#endif
}

double use(double a) { return tangent::grad<f>()(a); }
