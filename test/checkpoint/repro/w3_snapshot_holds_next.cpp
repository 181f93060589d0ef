// Reproducer (not a test; memory, not correctness): the snapshot of W3's
// while loop holds `next`, which every iteration overwrites before reading,
// so each snapshot is twice as large as the loop-carried state `s`.
//
//   build/bin/tangent-clang++ -O2 -fplugin-arg-tangent-dump-dir=/tmp/dump \
//     test/checkpoint/repro/w3_snapshot_holds_next.cpp -o /tmp/r && /tmp/r
//   grep snapshot /tmp/dump/w3_snapshot_holds_next.cpp.tangent.cpp
//
// Expected: "snapshot {s, k}" (next is dead at the start of an iteration):
// 16 snapshots (2 x budget) of 8,004 bytes plus the same ~144 KB of
// iteration tapes as now, about 272,500 bytes peak for N = 1000.
// Got (plugin of 2026-11-30): "snapshot {s, next, k}", peak 400,480 bytes
// (25.0 x 16,004 bytes); exit 1.
//
// Note: even then the peak would not fit (2 * 8 + 10) states of s alone
// (208,000 bytes): one taped W3 iteration holds 2N doubles (the tanh results
// and the overwritten next), so the ~9 iteration tapes at the peak weigh 18
// states of s.
//
// Cause: Checkpointing.cpp::deadAtEntry counts every variable accessed in a
// nested statement (here the inner `for` that writes next[j]) as read, so
// only whole, unconditional top-level writes make a variable dead. An inner
// counted loop that writes every element of a vector before any read of it
// (next[j] = ... then reads next[j]) could mark it dead. W2
// (w2_lorenz96<5000> with checkpoint = true) shows the same: "snapshot {u,
// k1, k2, k3, k4, tmp}" where only u is live at the start of a step (k1..k4
// are written by l96_rhs through a reference, tmp by a loop). The gradient is
// exact either way (test/checkpoint/memory.cpp asserts the bound with the
// actual snapshot size and prints both ratios).
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <vector>

double w3(const std::vector<double> &x, int iters) {
  const std::size_t n = x.size();
  std::vector<double> s(n, 0.0);
  std::vector<double> next(n, 0.0);
  double err = 0.0;
  int k = 0;
  [[tangent::checkpoint(8)]] while (k < iters && err < 1e100) {
    err = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
      next[j] = 0.5 * std::tanh(0.9 * s[j] + x[j]);
      err += std::abs(next[j] - s[j]);
    }
    for (std::size_t j = 0; j < n; ++j)
      s[j] = next[j];
    ++k;
  }
  double r = 0;
  for (std::size_t j = 0; j < n; ++j)
    r += s[j] * s[j];
  return r;
}

int main() {
  std::vector<double> x(1000);
  for (std::size_t j = 0; j < x.size(); ++j)
    x[j] = std::sin(1.7 * j);
  tangent::stats::reset();
  (void)tangent::grad<w3>()(x, 1000);
  const std::size_t peak = tangent::stats::peak_bytes();
  // 16 snapshots of s (and k) plus 9 taped iterations of 2N doubles, with
  // a little slack.
  const std::size_t expected =
      16 * (x.size() * sizeof(double) + sizeof(int)) +
      9 * 2 * x.size() * sizeof(double) + 4096;
  std::printf("peak %zu bytes, expected at most %zu with snapshots of {s, k}\n",
              peak, expected);
  return peak <= expected ? 0 : 1;
}
