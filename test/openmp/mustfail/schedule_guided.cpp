// A schedule other than static and dynamic.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
#pragma omp parallel for schedule(guided) // TANGENT-ERROR: only schedule(static) and schedule(dynamic) are supported
  for (std::size_t j = 0; j < x.size(); ++j)
    y[j] = x[j] * x[j];
  return y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
