// Reproducer (not a test): a user function whose name equals an identifier
// that the generator declares in checkpointed code does not compile.
//
//   build/bin/tangent-clang++ -O2 test/checkpoint/repro/callee_named_advance.cpp
//
// Expected: compiles; the gradient equals the fully taped one.
// Got (plugin of 2026-11-30):
//   <tangent: adjoints for callee_named_advance.cpp>:...: error: variable
//   'advance' declared with deduced type 'auto' cannot appear in its own
//   initializer
//
// The reverse sweep of an online-checkpointed loop declares lambdas named
// `advance` and `reverse` (GenerateLoops.cpp, loopOnline), and the `advance`
// lambda replays the loop body, which calls the user's `advance(y, x)`: the
// call binds to the lambda being declared. NameScope only reserves the names
// of the function's parameters and local variables (Lower.cpp, "Reserve
// every user name first"), not the names of the functions it calls. The same
// holds for the other generated locals that are in scope where the primal
// body is replayed: `n`, `L`, `k` (segment forward sweep), `current`,
// `begin`, `end`, `checkpoints`, `state` (online); a callee named like any
// of them breaks the build. (`advance` is a
// common name for a time-stepping function; `L` and `current` were checked
// to fail the same way.)
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>

double advance(double y, double x) { return 0.8 * y + 0.3 * std::sin(y + x); }

double online(double x, int n) {
  double y = x;
  int k = 0;
  [[tangent::checkpoint(4)]] while (k < n && y < 1e100) {
    y = advance(y, x);
    ++k;
  }
  return y * y;
}

double plain(double x, int n) {
  double y = x;
  int k = 0;
  while (k < n && y < 1e100) {
    y = advance(y, x);
    ++k;
  }
  return y * y;
}

int main() {
  const double a = tangent::grad<online>()(0.3, 100);
  const double b = tangent::grad<plain>()(0.3, 100);
  std::printf("checkpointed %.17g, taped %.17g\n", a, b);
  return a == b ? 0 : 1;
}
