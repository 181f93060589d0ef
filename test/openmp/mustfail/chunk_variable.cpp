// A chunk size that is not a constant.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x, int c) {
  std::vector<double> y(x.size());
#pragma omp parallel for schedule(static, c) // TANGENT-ERROR: the chunk size of a schedule must be a positive constant
  for (std::size_t j = 0; j < x.size(); ++j)
    y[j] = x[j] * x[j];
  return y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0), 2)[0] > 0 ? 0 : 1; }
