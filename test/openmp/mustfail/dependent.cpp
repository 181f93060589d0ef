// Iterations that depend on each other (s[j] reads s[j - 1]): refused at
// the loop.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
#pragma omp parallel for
  for (std::size_t j = 1; j < x.size(); ++j) // TANGENT-ERROR: the iterations of this parallel loop are not independent: 's'
    s[j] = s[j - 1] + x[j];
  return s[x.size() - 1];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
