// An address written through in a parallel loop's iterations: how far the
// callee writes only it knows, so the iterations may write each other's
// elements: refused, not guessed.
#include <tangent/tangent.hpp>
#include <vector>
void put(double *out, double v) { *out = v * v; }
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
#pragma omp parallel for
  for (std::size_t j = 0; j < x.size(); ++j) // TANGENT-ERROR: the iterations of this parallel loop are not independent: 'y' is written
    put(&y[j], x[j]);
  double r = 0;
  for (double v : y)
    r += v;
  return r;
}
int main() { return tangent::grad<f>()(std::vector<double>{1.0, 2.0})[0] > 0 ? 0 : 1; }
