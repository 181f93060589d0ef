// A parallel region with a statement every thread runs (not a worksharing
// loop or an if around them): refused at the statement.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
  double scale = 1.0;
#ifndef TANGENT_FIXED
#pragma omp parallel
  {
    scale = 2.0; // TANGENT-ERROR: in a '#pragma omp parallel' region, tangent differentiates '#pragma omp for' loops and the ifs around them
#pragma omp for
    for (std::size_t j = 0; j < x.size(); ++j)
      y[j] = scale * x[j] * x[j];
  }
#else
  scale = 2.0;
#pragma omp parallel
  {
#pragma omp for
    for (std::size_t j = 0; j < x.size(); ++j)
      y[j] = scale * x[j] * x[j];
  }
#endif
  return y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
