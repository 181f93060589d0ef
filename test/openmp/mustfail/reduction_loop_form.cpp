// A floating reduction on a loop written with <=.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  double s = 0;
  const int last = static_cast<int>(x.size()) - 1;
#pragma omp parallel for reduction(+ : s)
  for (int j = 0; j <= last; ++j) // TANGENT-ERROR: a floating reduction on a parallel loop that is not written
    s += x[j] * x[j];
  return s;
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
