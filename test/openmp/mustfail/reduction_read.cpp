// A reduction variable read in the loop other than by its update.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (std::size_t j = 0; j < x.size(); ++j) { // TANGENT-ERROR: a reduction variable is used in the loop other than by its update
    s += x[j];
    y[j] = s * x[j];
  }
  return s + y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
