// A reduction into an array section.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  double s[2] = {0, 0};
#pragma omp parallel for reduction(+ : s[0:2]) // TANGENT-ERROR: a reduction over something other than a local scalar variable is not supported
  for (std::size_t j = 0; j < x.size(); ++j)
    s[0] += x[j] * x[j];
  return s[0];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
