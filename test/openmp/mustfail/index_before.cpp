// The loop's index declared before the loop.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
  std::size_t j;
#pragma omp parallel for
  for (j = 0; j < x.size(); ++j) // TANGENT-ERROR: this parallel loop is not a counted loop
    y[j] = x[j] * x[j];
  return y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
