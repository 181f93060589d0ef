// A member-function request: with the plugin it compiles (and its gradient
// is right, see test/e2e/objects.cpp); without it, exactly one error says
// how to enable the plugin, with no cascade of template errors.
#include <tangent/tangent.hpp>

class Spring {
  double k_ = 2.0;

public:
  double energy(double x) const { return 0.5 * k_ * x * x; }
};

int main() {
  Spring s;
  auto dm = tangent::grad<&Spring::energy>();
  auto [ds, dx] = dm(s, 0.9);
  (void)ds;
  return dx > 1.79 && dx < 1.81 ? 0 : 1;
}
