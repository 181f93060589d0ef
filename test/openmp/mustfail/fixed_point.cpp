// [[tangent::fixed_point]] on a parallel loop.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
#pragma omp parallel for
  [[tangent::fixed_point]] for (std::size_t j = 0; j < x.size(); ++j) // TANGENT-ERROR: [[tangent::fixed_point]] on a parallel loop is not supported
    y[j] = x[j] * x[j];
  return y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
