// firstprivate of a scalar read before it is written in an iteration: each
// thread carries its copy from one of its iterations to the next, so the
// result depends on how the iterations are shared out.
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>
double f(const std::vector<double> &x) {
  std::vector<double> y(x.size());
  double t = 1.0;
#ifndef TANGENT_FIXED
#pragma omp parallel for firstprivate(t)
  for (std::size_t j = 0; j < x.size(); ++j) { // TANGENT-ERROR: the iterations of this parallel loop are not independent: 't' is written by one iteration and used by others
    y[j] = t * x[j];
    t = std::sin(x[j]);
  }
#else
#pragma omp parallel for firstprivate(t)
  for (std::size_t j = 0; j < x.size(); ++j) {
    const double before = j == 0 ? 1.0 : std::sin(x[j - 1]);
    y[j] = (t - 1.0 + before) * x[j];
  }
#endif
  return y[0] + y[1];
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
