// A container declared in the body.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
#pragma omp parallel for
  for (std::size_t j = 0; j < x.size(); ++j) { // TANGENT-ERROR: a std::vector declared in the body of a parallel loop
    std::vector<double> t(2, x[j]);
    y[j] = t[0] * t[1];
  }
  return y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
