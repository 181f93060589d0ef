// An adjoint that several iterations update, of a C array.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  double c[2] = {x[0], x[1]};
  std::vector<double> y(x.size());
#pragma omp parallel for
  for (std::size_t j = 0; j < x.size(); ++j) // TANGENT-ERROR: is a C array or a pointer given whole to a call: use a std::vector or std::array
    y[j] = c[0] * x[j];
  return y[1];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
