// tangent-rewrite test input: parses, but tangent refuses f (goto).
#include <tangent/tangent.hpp>

double f(double x) {
  double y = x;
  if (y > 1.0)
    goto done;
  y = y * x;
done:
  return y;
}

int main() { return tangent::grad<f>()(1.0) > 0.0 ? 0 : 1; }
