// A parallel region that is not a parallel loop: refused at the directive.
#include <tangent/tangent.hpp>
double f(double x) {
  double y = x;
#pragma omp parallel // TANGENT-ERROR: '#pragma omp parallel' is not supported
  { y = y * 2; }
  return y;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
