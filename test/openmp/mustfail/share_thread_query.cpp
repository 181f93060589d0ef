// A function called in a region of per-thread results that asks for the
// thread itself: the generated code runs a thread's share on whichever
// thread is free, so only the region's own queries are answered for it.
#include <omp.h>
#include <tangent/tangent.hpp>
#include <vector>
void store(std::vector<double> &sums, double sum) {
  sums[omp_get_thread_num()] = sum;
}
double f(const std::vector<double> &x) {
  std::vector<double> sums(omp_get_max_threads());
#pragma omp parallel
  {
    double sum = 0;
#pragma omp for
    for (std::size_t i = 0; i < x.size(); ++i)
      sum += x[i] * x[i];
#ifndef TANGENT_FIXED
    store(sums, sum); // TANGENT-ERROR: 'store' calls 'omp_get_thread_num', which is not supported in a region that stores per-thread results
#else
    sums[omp_get_thread_num()] = sum;
#endif
  }
  double s = 0;
  for (double v : sums)
    s += v;
  return s;
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
