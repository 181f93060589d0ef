// golden-flags: -fopenmp
// OpenMP parallel loops (docs/openmp.md): W1's loop over j, whose records
// go to one block at each iteration's index and whose reverse runs in
// parallel in place; a floating reduction, taken out of the loop and
// folded in iteration order; a body with a private variable the reverse
// reads and data every iteration reads, recorded on one tape per thread
// with the adjoint of the shared data privatised per thread; a body that
// writes through an index table (each element used only by the statement
// that assigns it) with a fixed-size array of the iteration.
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

double scatter(const std::vector<double> &x, const std::vector<int> &t) {
  std::vector<double> y(x);
#pragma omp parallel for
  for (std::size_t j = 0; j < t.size(); ++j) {
    double c[2] = {std::sin(x[j]), 2.0};
    y[t[j]] = y[t[j]] * c[0] + c[1];
  }
  return y[0] * y[1];
}

void use(const std::vector<double> &x) {
  (void)tangent::grad<rollout>()(x);
  (void)tangent::grad<shared>()(x, 0.5);
  (void)tangent::grad<scatter>()(x, std::vector<int>{1, 0});
}
