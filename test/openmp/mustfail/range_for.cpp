// A parallel for over a range-for.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y = x;
#pragma omp parallel for
  for (double &v : y) // TANGENT-ERROR: a '#pragma omp parallel for' over a range-for is not supported
    v = v * v;
  return y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
