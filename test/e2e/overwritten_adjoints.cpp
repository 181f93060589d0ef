// Adjoints assigned instead of accumulated (analysis/OverwrittenAdjoints.cpp):
// a local array written whole by a call (`rhs(n, x, y, k1.data())`) whose
// last reader is a counted loop reading k1[i]; that loop's reverse assigns
// d_k1[i], and the callee's variant leaves the adjoint of what its loop
// wrote unzeroed. Each gradient against finite differences and, built for
// the strategy matrix, bitwise against the full tape:
//  - an RK4 time stepper (k1..k4 each read by two loops, the callee
//    writing z[0] by itself and z[1, n) in a loop), also checkpointed;
//  - look-alikes the pass must leave alone, each of which would go wrong
//    with an assignment: the array read again after the time loop, a last
//    reader that stops one element short, a read under a condition, a
//    callee that writes only part of the array (the rest keeps values from
//    earlier steps), a bound that changes from step to step, a callee that
//    reads what it wrote;
//  - the same callee called with too short a range for its first element
//    (m = 0: z[0] is written, the loop does not run): the top-level write
//    keeps its zeroing.
#include "check.hpp"

#include <cmath>
#include <vector>

using tangent_test::check;
using tangent_test::summary;

// dz_0 = x_0 sin(y_0), dz_i = x_i y_{i-1} + 0.1 y_i^2.
void rhs(int n, const double *x, const double *y, double *z) {
  z[0] = x[0] * std::sin(y[0]);
  for (int i = 1; i < n; i++)
    z[i] = x[i] * y[i - 1] + 0.1 * y[i] * y[i];
}

double rk4(const std::vector<double> &x, int steps) {
  const int n = 5;
  const double h = 0.1;
  std::vector<double> y(n, 0.5), k1(n), k2(n), k3(n), k4(n), yt(n);
  for (int s = 0; s < steps; ++s) {
    rhs(n, x.data(), y.data(), k1.data());
    for (int i = 0; i < n; i++)
      yt[i] = y[i] + h / 2 * k1[i];
    rhs(n, x.data(), yt.data(), k2.data());
    for (int i = 0; i < n; i++)
      yt[i] = y[i] + h / 2 * k2[i];
    rhs(n, x.data(), yt.data(), k3.data());
    for (int i = 0; i < n; i++)
      yt[i] = y[i] + h * k3[i];
    rhs(n, x.data(), yt.data(), k4.data());
    for (int i = 0; i < n; i++)
      y[i] = y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  double out = 0;
  for (int i = 0; i < n; i++)
    out += y[i] * y[i] * (i + 1);
  return out;
}

// Look-alikes, each a time loop over `y += h * k` with k written by a call.
double readAfterLoop(const std::vector<double> &x, int steps) {
  const int n = 4;
  std::vector<double> y(n, 0.3), k(n);
  for (int s = 0; s < steps; ++s) {
    rhs(n, x.data(), y.data(), k.data());
    for (int i = 0; i < n; i++)
      y[i] = y[i] + 0.2 * k[i];
  }
  return y[n - 1] + k[1] * k[2]; // k of the last step read again
}

double shortReader(const std::vector<double> &x, int steps) {
  const int n = 4;
  std::vector<double> y(n, 0.3), k(n);
  double acc = 0;
  for (int s = 0; s < steps; ++s) {
    rhs(n, x.data(), y.data(), k.data());
    acc += k[n - 1] * k[n - 1]; // read before the last reader
    for (int i = 0; i < n - 1; i++)
      y[i] = y[i] + 0.2 * k[i];
  }
  return acc + y[0] + y[n - 2];
}

double conditionalReader(const std::vector<double> &x, int steps) {
  const int n = 4;
  std::vector<double> y(n, 0.3), k(n);
  for (int s = 0; s < steps; ++s) {
    rhs(n, x.data(), y.data(), k.data());
    for (int i = 0; i < n; i++)
      if (i % 2 == s % 2)
        y[i] = y[i] + 0.2 * k[i];
  }
  return y[0] * y[1] + y[2] * y[3];
}

// Writes z[1, n) only: z[0] keeps what the caller had there.
void rhsTail(int n, const double *x, const double *y, double *z) {
  for (int i = 1; i < n; i++)
    z[i] = x[i] * y[i - 1];
}

double partialWrite(const std::vector<double> &x, int steps) {
  const int n = 4;
  std::vector<double> y(n, 0.3), k(n);
  k[0] = x[0]; // read in every step, written once
  for (int s = 0; s < steps; ++s) {
    rhsTail(n, x.data(), y.data(), k.data());
    for (int i = 0; i < n; i++)
      y[i] = y[i] + 0.2 * k[i] * y[i];
  }
  return y[0] + y[3];
}

// rhs writes k[0, m), the loop reads k[0, m); k[n - 1], read in every
// step, comes from the last step with m = n.
double changingBound(const std::vector<double> &x, int steps) {
  const int n = 4;
  std::vector<double> y(n, 0.3), k(n);
  double acc = 0;
  for (int s = 0; s < steps; ++s) {
    const int m = 1 + s % n;
    rhs(m, x.data(), y.data(), k.data());
    acc += 0.5 * k[n - 1];
    for (int i = 0; i < m; i++)
      y[i] = y[i] + 0.2 * k[i];
  }
  return y[0] + 2 * y[1] + 3 * y[2] + 4 * y[3] + acc;
}

// Reads back what it wrote, and first what the caller had in z[n - 1]
// (the last call's value): that read's adjoint belongs to the call before.
void rhsCumulative(int n, const double *x, const double *y, double *z) {
  z[0] = x[0] * y[0] + 0.5 * z[n - 1];
  for (int i = 1; i < n; i++)
    z[i] = z[i - 1] + x[i] * y[i];
}

double cumulative(const std::vector<double> &x, int steps) {
  const int n = 4;
  std::vector<double> y(n, 0.3), k(n);
  for (int s = 0; s < steps; ++s) {
    rhsCumulative(n, x.data(), y.data(), k.data());
    for (int i = 0; i < n; i++)
      y[i] = y[i] - 0.1 * k[i];
  }
  return y[0] * y[3] + y[1] * y[2];
}

// m = 0 in every call: z[0] is written, nothing else; the loop reads none.
double emptyRange(const std::vector<double> &x, int steps, int m) {
  const int n = 3;
  std::vector<double> y(n, 0.3), k(n);
  double acc = 0;
  for (int s = 0; s < steps; ++s) {
    rhs(m, x.data(), y.data(), k.data());
    acc += k[0];
    for (int i = 0; i < m; i++)
      y[i] = y[i] + 0.2 * k[i];
    y[0] = y[0] + 0.1 * acc;
  }
  return y[0] + acc;
}

int main() {
  const std::vector<double> x5{0.9, -0.4, 0.7, 1.1, -0.3};
  const std::vector<double> x4{0.8, -0.5, 0.6, 1.2};
  check("rk4 (k1..k4 assigned by their last reader)", tangent::grad<rk4>(), x5,
        7);
  check("rk4, checkpointed",
        tangent::grad<rk4, tangent::options{.checkpoint = true}>(), x5, 7);
  check("k read again after the time loop", tangent::grad<readAfterLoop>(), x4,
        5);
  check("last reader stops one element short", tangent::grad<shortReader>(), x4,
        5);
  check("read under a condition", tangent::grad<conditionalReader>(), x4, 6);
  check("callee writes part of the array", tangent::grad<partialWrite>(), x4,
        5);
  // Its inner loop checkpointed: the replays read k, which the call must
  // then give back in reverse.
  check("callee writes part of the array, checkpointed",
        tangent::grad<partialWrite,
                      tangent::options{.checkpoint = true, .min_length = 1}>(),
        x4, 5);
  check("bound changes from step to step", tangent::grad<changingBound>(), x4,
        9);
  check("callee reads what it wrote", tangent::grad<cumulative>(), x4, 5);
  check("empty range: the callee's first element alone",
        tangent::grad<emptyRange>(), std::vector<double>{0.7, 0.2, -0.4}, 4, 0);
  return summary();
}
