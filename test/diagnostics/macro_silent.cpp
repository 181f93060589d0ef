// TANGENT_CHECKPOINT(...) is silent for every compiler without the plugin
// (g++ -Wall warns about an unknown attribute at the start of a statement,
// clang about an unknown attribute): -Werror builds of rewritten sources.
#include <tangent/tangent.hpp>

double relax(double x, int n) {
  double y = x;
  TANGENT_CHECKPOINT() for (int i = 0; i < n; ++i) y = 0.5 * (y + x / y);
  double err = 1.0;
  TANGENT_CHECKPOINT(8) while (err > 1e-12) {
    double next = 0.5 * (y + x / y);
    err = next > y ? next - y : y - next;
    y = next;
  }
  TANGENT_CHECKPOINT() {
    for (int i = 0; i < 3; ++i)
      y = y * 1.0;
  }
  return y;
}

int main() { return relax(2.0, 4) > 0 ? 0 : 1; }
