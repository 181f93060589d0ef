// An address written through in a parallel loop's iterations, the callee
// writing two elements from it (its extent) while the addresses are one
// element apart: the iterations write each other's elements. Addresses a
// block apart (`&y[2 * j]`) own their blocks.
#include <tangent/tangent.hpp>
#include <vector>
void put(double *out, double v) {
  out[0] = v * v;
  out[1] = v;
}
double f(const std::vector<double> &x) {
  std::vector<double> y(2 * x.size() + 1);
#pragma omp parallel for
  for (std::size_t j = 0; j < x.size(); ++j) // TANGENT-ERROR: the iterations of this parallel loop are not independent: 'y' is written
#ifndef TANGENT_FIXED
    put(&y[j], x[j]);
#else
    put(&y[2 * j], x[j]);
#endif
  double r = 0;
  for (double v : y)
    r += v;
  return r;
}
int main() { return tangent::grad<f>()(std::vector<double>{1.0, 2.0})[0] > 0 ? 0 : 1; }
