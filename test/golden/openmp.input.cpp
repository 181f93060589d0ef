// golden-flags: -fopenmp
// OpenMP parallel loops (docs/openmp.md): W1's loop over j, whose records
// go to one block at each iteration's index and whose reverse runs in
// parallel in place; a floating reduction, taken out of the loop and
// folded in iteration order; a body with a private variable the reverse
// reads and data every iteration reads, recorded on one tape per thread
// with the adjoint of the shared data privatised per thread.
#include <tangent/tangent.hpp>

#include <cmath>
#include <vector>

double rollout(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  for (int t = 0; t < 100; ++t) {
#pragma omp parallel for
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(s[j] * 1.01 + x[j]);
  }
  double r = 0;
#pragma omp parallel for reduction(+ : r)
  for (std::size_t j = 0; j < x.size(); ++j)
    r += s[j] * s[j];
  return r;
}

double shared(const std::vector<double> &x, double a) {
  std::vector<double> y(x.size() - 1);
#pragma omp parallel for schedule(dynamic, 4)
  for (std::size_t j = 0; j < x.size() - 1; ++j) {
    double u = a * x[j + 1];
    y[j] = u * u + x[j];
  }
  double r = 0;
  for (double v : y)
    r += v;
  return r;
}

void use(const std::vector<double> &x) {
  (void)tangent::grad<rollout>()(x);
  (void)tangent::grad<shared>()(x, 0.5);
}
