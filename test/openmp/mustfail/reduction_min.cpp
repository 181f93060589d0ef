// A min reduction: refused at the clause.
#include <tangent/tangent.hpp>
#include <algorithm>
#include <vector>
double f(const std::vector<double> &x) {
  double m = 1e300;
#pragma omp parallel for reduction(min : m) // TANGENT-ERROR: reduction 'min' is not supported
  for (std::size_t j = 0; j < x.size(); ++j)
    m = std::min(m, x[j]);
  return m;
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
