// Reproducer (not a test): `options{.budget = 0}` is accepted at compile
// time and fails at run time.
//
//   build/bin/tangent-clang++ -O2 -fplugin-arg-tangent-remarks \
//     test/checkpoint/repro/options_budget_zero.cpp -o /tmp/r && /tmp/r
//
// Expected: a compile-time error at the request, like the one
// `[[tangent::checkpoint(0)]]` gets ("takes one positive integer literal
// (the snapshot budget)"); API.md: code the generator cannot handle is
// refused at compile time.
// Got (plugin of 2026-11-30): remark "... online checkpointing, budget 0",
// then at run time std::invalid_argument "tangent::online_schedule: budget
// must be >= 1, got 0" from the first gradient call. (A negative
// min_length, by contrast, behaves like 0 and is harmless.)
#include <tangent/tangent.hpp>

#include <cstdio>
#include <exception>

double f(double x, int n) {
  double y = x;
  int k = 0;
  [[tangent::checkpoint]] while (k < n) {
    y = 0.8 * y + 0.1 * x;
    ++k;
  }
  return y;
}

int main() {
  try {
    const double g = tangent::grad<f, tangent::options{.budget = 0}>()(1.0, 5);
    std::printf("gradient %g\n", g);
    return 0;
  } catch (const std::exception &e) {
    std::printf("run-time exception: %s\n", e.what());
    return 1;
  }
}
