// A critical section around active data: refused at the directive.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  double s = 0;
#pragma omp critical // TANGENT-ERROR: the order in which threads enter a critical section
  s += x[0];
  return s;
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
