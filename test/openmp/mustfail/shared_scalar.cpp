// A scalar declared outside the loop, written by every iteration and read
// after it: refused at the loop.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  double last = 0;
#pragma omp parallel for
  for (std::size_t j = 0; j < x.size(); ++j) // TANGENT-ERROR: 'last' is written by one iteration and used by others
    last = x[j] * 2;
  return last;
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
