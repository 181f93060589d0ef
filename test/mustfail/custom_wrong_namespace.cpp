// A custom derivative is matched by the function's namespace: a rule in
// tangent::custom (the global namespace's) is not e::h's, and e::h has no
// body, so nothing can differentiate it.
#include <tangent/tangent.hpp>

namespace e {
double h(double x);
} // namespace e
namespace tangent::custom {
inline void h_pullback(double x, double *d_x, double d_result) {
  *d_x += 2.0 * x * d_result;
}
} // namespace tangent::custom

double f(double x) {
  return e::h(x) * x; // TANGENT-ERROR: custom derivatives match the function's namespace
}

int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
