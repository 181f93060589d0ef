// A worksharing loop outside a parallel region (an orphaned `omp for`).
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
#ifndef TANGENT_FIXED
#pragma omp for // TANGENT-ERROR: '#pragma omp for' is not supported
#else
#pragma omp parallel for
#endif
  for (std::size_t j = 0; j < x.size(); ++j)
    y[j] = x[j] * x[j];
  return y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
