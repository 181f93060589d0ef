// The loop of a region of per-thread results in another form than `for (T
// i = a; i < b; ++i)`: a thread's share is a range of its iterations.
#include <omp.h>
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> sums(omp_get_max_threads());
  const int last = static_cast<int>(x.size()) - 1;
#pragma omp parallel
  {
    double sum = 0;
#pragma omp for
#ifndef TANGENT_FIXED
    for (int i = 0; i <= last; ++i) // TANGENT-ERROR: the loop of a region that stores per-thread results is supported as
#else
    for (int i = 0; i < last + 1; ++i)
#endif
      sum += x[i] * x[i];
    sums[omp_get_thread_num()] = sum;
  }
  double s = 0;
  for (double v : sums)
    s += v;
  return s;
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
