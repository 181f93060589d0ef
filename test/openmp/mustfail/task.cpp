// An OpenMP task in a differentiated function: refused at the directive.
#include <tangent/tangent.hpp>
double f(double x) {
  double y = x;
#pragma omp task // TANGENT-ERROR: tasks run in an order the reverse sweep cannot replay
  y = y * x;
  return y;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
