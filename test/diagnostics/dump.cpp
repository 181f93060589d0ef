// Input of the dump tests: a loop to see in the IR and in generated code.
#include <tangent/tangent.hpp>

double smooth(double x) {
  double y = x;
  for (int i = 0; i < 3; ++i)
    y = y - 0.1 * std::sin(y);
  return y * x;
}

int main() { return tangent::grad<smooth>()(0.5) > 0 ? 0 : 1; }
