// A region of per-thread results whose loop bounds a thread computes in the
// region: each thread's share is computed once, before the region.
#include <omp.h>
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> sums(omp_get_max_threads());
#ifdef TANGENT_FIXED
  const int n = static_cast<int>(x.size()) - 1;
#endif
#pragma omp parallel
  {
#ifndef TANGENT_FIXED
    const int n = static_cast<int>(x.size()) - 1;
#endif
    double sum = 0;
#pragma omp for
    for (int i = 0; i < n; ++i) // TANGENT-ERROR: the bounds of the loop of a region that stores per-thread results are read before the region: 'n' is declared in it
      sum += x[i] * x[i + 1];
    sums[omp_get_thread_num()] = sum;
  }
  double s = 0;
  for (double v : sums)
    s += v;
  return s;
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
