// An atomic capture: refused at the directive.
#include <tangent/tangent.hpp>
double f(double x) {
  double s = 1, old = 0;
#pragma omp atomic capture // TANGENT-ERROR: atomic updates (and captures)
  { old = s; s += x; }
  return s * old;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
