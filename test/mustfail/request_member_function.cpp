// A member function cannot be requested (yet): one error, at the request,
// and no cascade of template errors from the runtime.
#include <tangent/tangent.hpp>

struct Spring {
  double k;
  double energy(double x) const { return 0.5 * k * x * x; }
};

int main() {
  Spring s{2.0};
  auto dm = tangent::grad<&Spring::energy>(); // TANGENT-ERROR: is a member function
  return dm(s, 0.9) > 0 ? 0 : 1;
}
