// A parallel loop inside a parallel loop: refused at the inner directive.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
#pragma omp parallel for
  for (std::size_t i = 0; i < 2; ++i) {
#pragma omp parallel for // TANGENT-ERROR: a '#pragma omp parallel for' inside another one is not supported
    for (std::size_t j = 0; j < x.size(); ++j)
      y[j] = x[j] * 2;
  }
  return y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
