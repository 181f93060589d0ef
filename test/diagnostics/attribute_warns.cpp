// Control of macro_silent.cpp: the attribute spelling makes g++ -Wall warn.
#include <tangent/tangent.hpp>

double relax(double x, int n) {
  double y = x;
  [[tangent::checkpoint]] for (int i = 0; i < n; ++i) y = 0.5 * (y + x / y);
  double err = 1.0;
  [[tangent::checkpoint(8)]] while (err > 1e-12) {
    double next = 0.5 * (y + x / y);
    err = next > y ? next - y : y - next;
    y = next;
  }
  [[tangent::checkpoint]] {
    for (int i = 0; i < 3; ++i)
      y = y * 1.0;
  }
  return y;
}

int main() { return relax(2.0, 4) > 0 ? 0 : 1; }
