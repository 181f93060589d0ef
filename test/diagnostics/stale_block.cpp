// A block that tangent-rewrite wrote, then the function changed: one error,
// at the block, however many requests use it.
#include <tangent/tangent.hpp>
#include <cmath>
double f(double x) { return std::cos(x) * x; }
double twice() { return tangent::grad<f>()(1.0); }
int main() {
  double a = tangent::grad<f>()(1.0);
  return a + twice() > 0;
}

// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/tangent.hpp>
// tangent: block adjoint<&f, tangent::options{}>
#ifndef TANGENT_GENERATED_F_CC5FB7415EF19D0E
#define TANGENT_GENERATED_F_CC5FB7415EF19D0E
namespace tangent::generated {
// tangent: adjoint of f (sb.cpp:5)
inline double f_pullback(double x, double& d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  // forward sweep
  const double v = std::sin(x);
  tape.push(v);
  result = v * x;
  const double value = result;
  // reverse sweep
  const double v_2 = tape.pop<double>();
  const double d = d_result;
  d_result = 0;
  d_x += (d * x) * std::cos(x);
  d_x += v_2 * d;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&f, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x3eef87128a3397a2ull;
  static double pullback(double x, double* d_0, double seed) {
    return generated::f_pullback(x, *d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
