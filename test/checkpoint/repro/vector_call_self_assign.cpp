// Reproducer (not a test): WRONG GRADIENT, silently, for `s = g(s, ...)`
// where g returns a std::vector and its argument is the vector being
// assigned: the adjoint that flows back into the argument is erased. This is
// the time-stepping pattern of API.md's own example
// (`[[tangent::checkpoint]] for (...) state = step(state, x);`); it is wrong
// with and without checkpointing (the two agree bitwise, both wrong).
//
//   build/bin/tangent-clang++ -O2 -fplugin-arg-tangent-dump-dir=/tmp/dump \
//     test/checkpoint/repro/vector_call_self_assign.cpp -o /tmp/r && /tmp/r
//
// Expected: every gradient matches finite differences; exit 0.
// Got (plugin of 2026-11-30): "twice" and the loops are wrong (e.g. twice:
// 0.5913 instead of 0.9701), exit 1. `once` (the argument's adjoint is not
// needed) and `twice_tmp` (a fresh variable per call) are right.
//
// The reverse sweep of `s = step_vec(s, x)` in the dumped code is
//   std::vector<double> d_2 = d_s;                  // adjoint of the result
//   step_vec_reverse(s, x, d_s, d_x, d_2);          // d_s += J^T d_2
//   tangent::detail::zero(d_s, s.size());           // ...erased here
//   tape.pop_vector(s);
// The adjoint of the overwritten target must be zeroed *before* the callee's
// reverse accumulates into the argument's adjoint (they are the same
// variable), not after. The argument position does not matter
// (`s = mix(x, s)` is wrong too). Scalar-returning callees (`y = f(y, x)`)
// are right.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <vector>

using vec = std::vector<double>;

vec step_vec(const vec &s, double x) {
  vec r(s.size());
  for (std::size_t j = 0; j < s.size(); ++j)
    r[j] = std::tanh(0.8 * s[j] + x * (1.0 + j));
  return r;
}

double once(double x) {
  vec s(4, 0.1);
  s = step_vec(s, x);
  return s[0] + s[1] * s[2] + s[3];
}
double twice(double x) {
  vec s(4, 0.1);
  s = step_vec(s, x);
  s = step_vec(s, x);
  return s[0];
}
double twice_tmp(double x) {
  vec s(4, 0.1);
  vec t = step_vec(s, x);
  vec u = step_vec(t, x);
  return u[0];
}
double loop(double x, int n) {
  vec s(4, 0.1);
  for (int i = 0; i < n; ++i)
    s = step_vec(s, x);
  return s[0] + s[3];
}
double loop_checkpointed(double x, int n) {
  vec s(4, 0.1);
  [[tangent::checkpoint]] for (int i = 0; i < n; ++i) s = step_vec(s, x);
  return s[0] + s[3];
}

template <class F> double fd(const F &f, double x) {
  const double h = 1e-6;
  return (f(x + h) - f(x - h)) / (2 * h);
}

bool report(const char *name, double got, double expected) {
  const bool ok = std::fabs(got - expected) <= 1e-6 + 1e-5 * std::fabs(expected);
  std::printf("%-18s gradient %.10f, finite differences %.10f: %s\n", name, got,
              expected, ok ? "ok" : "WRONG");
  return ok;
}

int main() {
  const double x = 0.4;
  const int n = 10;
  bool ok = true;
  ok &= report("once", tangent::grad<once>()(x), fd(once, x));
  ok &= report("twice", tangent::grad<twice>()(x), fd(twice, x));
  ok &= report("twice_tmp", tangent::grad<twice_tmp>()(x), fd(twice_tmp, x));
  ok &= report("loop", tangent::grad<loop>()(x, n),
               fd([&](double t) { return loop(t, n); }, x));
  ok &= report("loop_checkpointed",
               tangent::grad<loop_checkpointed>()(x, n),
               fd([&](double t) { return loop_checkpointed(t, n); }, x));
  return ok ? 0 : 1;
}
