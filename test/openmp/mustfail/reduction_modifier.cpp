// A reduction modifier.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  double s = 0;
#pragma omp parallel for reduction(task, + : s) // TANGENT-ERROR: reduction modifiers are not supported
  for (std::size_t j = 0; j < x.size(); ++j)
    s += x[j] * x[j];
  return s;
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
