// lastprivate: refused at the clause.
#include <tangent/tangent.hpp>
#include <vector>
double f(const std::vector<double> &x) {
  double t = 0;
#pragma omp parallel for lastprivate(t) // TANGENT-ERROR: clause 'lastprivate' is not supported on a differentiated parallel loop
  for (std::size_t j = 0; j < x.size(); ++j)
    t = x[j] * 2;
  return t;
}
int main() { return tangent::grad<f>()(std::vector<double>(3, 1.0))[0] > 0 ? 0 : 1; }
