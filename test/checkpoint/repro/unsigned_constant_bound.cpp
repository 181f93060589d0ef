// Reproducer (not a test): counted loops whose induction variable is not
// `int` are not recognized as having a constant trip count, so
// `options{.checkpoint = true}` leaves them fully taped.
//
//   build/bin/tangent-clang++ -O2 -fplugin-arg-tangent-remarks \
//     test/checkpoint/repro/unsigned_constant_bound.cpp -o /tmp/r && /tmp/r
//
// Expected: every loop below "checkpointed (sqrt(n) segments): counted loop,
// 300 iterations" (or 100 for size_t_m3), and the program prints
// "checkpointed" four times and exits 0.
// Got (plugin of 2026-11-30): remarks
//   size_t_lt, long_long_le, unsigned_ne:
//     "fully taped: bound not constant; annotate with [[tangent::checkpoint]]"
//   size_t_m3:
//     "fully taped: not a counted loop (no integer induction variable with
//      invariant bounds)"
// and the program prints "NOT checkpointed" for each, exit 1. The gradients
// are still correct (full tape).
//
// Cause, as far as the dumped code shows: the bound (and for size_t_m3 the
// step `i -= 3`) is an int literal converted to the induction variable's
// type; LoopAnalysis.cpp::tryCounted only accepts an Expr with is_int_const
// (bound) / an int constant directly under the + or - (step), and the
// implicit conversion hides the constant. `for (std::size_t j = 0; j <
// x.size(); ++j)` is the most common loop in C++ code, so checkpoint = true
// silently ignores loops written with size_t and constant bounds.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <vector>

// 64 doubles of state so the tape difference is visible.
#define BODY(HEADER)                                                           \
  std::vector<double> s(x.size(), 0.0);                                        \
  HEADER                                                                       \
  for (std::size_t j = 0; j < s.size(); ++j)                                   \
    s[j] = std::tanh(0.9 * s[j] + x[j]);                                       \
  double r = 0.0;                                                              \
  for (std::size_t j = 0; j < s.size(); ++j)                                   \
    r += s[j];                                                                 \
  return r;

double size_t_lt(const std::vector<double> &x) {
  BODY(for (std::size_t i = 0; i < 300; ++i))
}
double long_long_le(const std::vector<double> &x) {
  BODY(for (long long i = 1; i <= 300; ++i))
}
double unsigned_ne(const std::vector<double> &x) {
  BODY(for (unsigned i = 0; i != 300; ++i))
}
double size_t_m3(const std::vector<double> &x) {
  BODY(for (std::size_t i = 300; i > 0; i -= 3))
}

template <class A, class B>
bool reduced(const char *name, const A &taped, const B &ckpt,
             const std::vector<double> &x) {
  tangent::stats::reset();
  (void)taped(x);
  const std::size_t full = tangent::stats::peak_bytes();
  tangent::stats::reset();
  (void)ckpt(x);
  const std::size_t cp = tangent::stats::peak_bytes();
  std::printf("%-13s full tape %zu bytes, checkpoint = true %zu bytes: %s\n",
              name, full, cp, cp < full ? "checkpointed" : "NOT checkpointed");
  return cp < full;
}

int main() {
  constexpr tangent::options ck{.checkpoint = true};
  const std::vector<double> x(64, 0.3);
  bool ok = true;
  ok &= reduced("size_t_lt", tangent::grad<size_t_lt>(),
                tangent::grad<size_t_lt, ck>(), x);
  ok &= reduced("long_long_le", tangent::grad<long_long_le>(),
                tangent::grad<long_long_le, ck>(), x);
  ok &= reduced("unsigned_ne", tangent::grad<unsigned_ne>(),
                tangent::grad<unsigned_ne, ck>(), x);
  ok &= reduced("size_t_m3", tangent::grad<size_t_m3>(),
                tangent::grad<size_t_m3, ck>(), x);
  return ok ? 0 : 1;
}
