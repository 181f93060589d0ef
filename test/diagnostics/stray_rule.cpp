// A rule named like q::f's but in another namespace (with no function of
// its own there) is not used for q::f: a warning, and q::f's body is
// differentiated.
#include <tangent/tangent.hpp>

namespace q {
double f(double x) { return x * x; }
} // namespace q
namespace tangent::custom {
inline void f_pullback(double x, double *d_x, double d_result) {
  *d_x += 3.0 * d_result;
}
} // namespace tangent::custom

double use(double x) { return q::f(x); }

int main() { return tangent::grad<use>()(1.0) > 0 ? 0 : 1; }
