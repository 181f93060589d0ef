// A region of per-thread results whose loop bound is computed by a call in
// the loop's condition: each thread's share is computed once, before the
// region.
#include <omp.h>
#include <tangent/tangent.hpp>
#include <vector>
struct Mesh {
  std::vector<double> x;
  int count() const { return static_cast<int>(x.size()); }
};
double f(const Mesh &m) {
  std::vector<double> sums(omp_get_max_threads());
#ifdef TANGENT_FIXED
  const int n = m.count();
#endif
#pragma omp parallel
  {
    double sum = 0;
#ifndef TANGENT_FIXED
#pragma omp for // TANGENT-ERROR: the bounds of the loop of a region that stores per-thread results are computed by a call
    for (int i = 0; i < m.count(); ++i)
#else
#pragma omp for
    for (int i = 0; i < n; ++i)
#endif
      sum += m.x[i] * m.x[i];
    sums[omp_get_thread_num()] = sum;
  }
  double s = 0;
  for (double v : sums)
    s += v;
  return s;
}
double use(const Mesh &m, Mesh &g) { return tangent::grad<f>().pullback(m, g); }
