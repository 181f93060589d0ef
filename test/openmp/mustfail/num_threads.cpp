// num_threads on a differentiated parallel loop: refused at the clause.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
#pragma omp parallel for num_threads(2) // TANGENT-ERROR: clause 'num_threads' is not supported
  for (std::size_t j = 0; j < x.size(); ++j)
    y[j] = x[j] * x[j];
  return y[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
