// A pointer declared in a parallel loop's body without an initializer and
// set to the iteration's element (`double *out; out = &y[j];`, as LULESH
// writes `Real_t *fx_local; ... fx_local = &fx_elem[i3];`): a view walking
// from its offset, which the independence analysis does not follow.
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>
double f(const std::vector<double> &x) {
  const int n = static_cast<int>(x.size());
  std::vector<double> y(x.size());
#ifndef TANGENT_FIXED
#pragma omp parallel for
  for (int j = 0; j < n; ++j) { // TANGENT-ERROR: the iterations of this parallel loop are not independent: 'y' is written by one iteration and used by others
    double *out;
    out = &y[j];
    out[0] = std::sin(x[j]) * x[j];
  }
#else
#pragma omp parallel for
  for (int j = 0; j < n; ++j)
    y[j] = std::sin(x[j]) * x[j];
#endif
  return y[0] + y[1];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
