// Written through an index table and read at other elements: another
// iteration may read what this one writes (refused at the loop); read only
// where the statement assigns, the program's freedom from data races makes
// each element the iteration's.
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>
double f(const std::vector<double> &x, const std::vector<int> &t) {
  std::vector<double> y(x);
#pragma omp parallel for
  for (std::size_t j = 0; j < t.size(); ++j) // TANGENT-ERROR: the iterations of this parallel loop are not independent: 'y'
#ifndef TANGENT_FIXED
    y[t[j]] = y[t[j]] * y[j];
#else
    y[t[j]] = y[t[j]] * x[j];
#endif
  return y[0] * y[1];
}
int main() {
  return tangent::grad<f>()(std::vector<double>{1.0, 2.0}, std::vector<int>{1, 0})[0] > 0 ? 0 : 1;
}
