//===- benchmarks/workloads/workloads.hpp - the benchmark workloads -------===//
///
/// \file
/// The four workloads of docs/benchmarks.md, written as a user would write
/// them: plain C++ with loops, `std::vector` locals, element access, <cmath>
/// and calls to user functions with bodies (no lambdas, no algorithms, no
/// pointers, nothing tangent-specific). Each returns a scalar; the gradient is
/// taken with respect to every `std::vector<double>` parameter:
///
/// - `tangent::grad<w1_rollout>()`: a counted loop, constant 2000;
/// - `tangent::grad<w1_rollout_struct>()`: the same, written with structs;
/// - `tangent::grad<w2_lorenz96<5000>>()`: counted, constant T (template);
/// - `tangent::grad<w3_fixed_point>()`: `while`, unknown trip count;
/// - `tangent::grad<w3_iterations>()`: `while`, run-time count and exit;
/// - `tangent::grad<w4_rnn>()`: counted, constant 1000.
///
/// `w3_fixed_point_christianson` is w3_fixed_point under
/// `[[tangent::fixed_point]]`.
/// `w3_fixed_point_ckpt` and `w3_iterations_ckpt` are the same functions
/// with `[[tangent::checkpoint(8)]]` on their `while` loop. Inputs:
/// inputs.hpp. Hand-written adjoints: hand_adjoints.hpp.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_BENCHMARKS_WORKLOADS_WORKLOADS_HPP
#define TANGENT_BENCHMARKS_WORKLOADS_WORKLOADS_HPP

#include <cmath>
#include <cstddef>
#include <vector>

/// W1 rollout: s_j <- tanh(1.01 s_j + x_j) for T = 2000 steps from s = 0;
/// returns sum_j s_j. N = x.size() (1000 in the benchmarks).
inline double w1_rollout(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  for (int t = 0; t < 2000; ++t)
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(s[j] * 1.01 + x[j]);
  double r = 0;
  for (std::size_t j = 0; j < x.size(); ++j)
    r += s[j];
  return r;
}

/// W1 written the way object-oriented code is (issue "Real C++": its
/// gradient runs within 5% of W1's): the inputs in a `W1Model`, with the gain
/// a static member, and the state a field of a `W1State`. Same arithmetic,
/// same order, same result as w1_rollout.
struct W1Model {
  std::vector<double> x;
  static constexpr double gain = 1.01;
};
struct W1State {
  std::vector<double> s;
};
inline double w1_rollout_struct(const W1Model &m) {
  W1State st{std::vector<double>(m.x.size(), 0.0)};
  for (int t = 0; t < 2000; ++t)
    for (std::size_t j = 0; j < m.x.size(); ++j)
      st.s[j] = std::tanh(st.s[j] * m.gain + m.x[j]);
  double r = 0;
  for (std::size_t j = 0; j < m.x.size(); ++j)
    r += st.s[j];
  return r;
}

/// Lorenz-96 right-hand side, cyclic:
/// du_i = (u_{i+1} - u_{i-2}) u_{i-1} - u_i + F with F = 8. The three
/// wrapping entries are written out, so the loop needs no modulo (which
/// would cost the primal most of its time). Needs u.size() >= 4.
inline void l96_rhs(const std::vector<double> &u, std::vector<double> &du) {
  const double F = 8.0;
  const std::size_t n = u.size();
  du[0] = (u[1] - u[n - 2]) * u[n - 1] - u[0] + F;
  du[1] = (u[2] - u[n - 1]) * u[0] - u[1] + F;
  for (std::size_t i = 2; i < n - 1; ++i)
    du[i] = (u[i + 1] - u[i - 2]) * u[i - 1] - u[i] + F;
  du[n - 1] = (u[0] - u[n - 3]) * u[n - 2] - u[n - 1] + F;
}

/// W2 lorenz96: T steps of classic RK4 with dt = 0.01 from u0 (N = 100 in
/// the benchmarks); returns sum_i u_i(T)^2. T = 5000 is the benchmark
/// (chaotic: the gradient is about 1e40), T = 200 suits finite differences.
template <int T> double w2_lorenz96(const std::vector<double> &u0) {
  const double dt = 0.01;
  const std::size_t n = u0.size();
  std::vector<double> u(n, 0.0);
  std::vector<double> k1(n, 0.0), k2(n, 0.0), k3(n, 0.0), k4(n, 0.0);
  std::vector<double> tmp(n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    u[i] = u0[i];
  for (int t = 0; t < T; ++t) {
    l96_rhs(u, k1);
    for (std::size_t i = 0; i < n; ++i)
      tmp[i] = u[i] + 0.5 * dt * k1[i];
    l96_rhs(tmp, k2);
    for (std::size_t i = 0; i < n; ++i)
      tmp[i] = u[i] + 0.5 * dt * k2[i];
    l96_rhs(tmp, k3);
    for (std::size_t i = 0; i < n; ++i)
      tmp[i] = u[i] + dt * k3[i];
    l96_rhs(tmp, k4);
    for (std::size_t i = 0; i < n; ++i)
      u[i] = u[i] + dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
  }
  double r = 0;
  for (std::size_t i = 0; i < n; ++i)
    r += u[i] * u[i];
  return r;
}

/// W3 fixed point: iterate next_j = 0.5 tanh(0.9 s_j + x_j) from s = 0 until
/// sum_j |next_j - s_j| <= 1e-10; returns sum_j s_j^2. N = x.size() (1000 in
/// the benchmarks; about 30 iterations for the benchmark input).
inline double w3_fixed_point(const std::vector<double> &x) {
  const double tol = 1e-10;
  const std::size_t n = x.size();
  std::vector<double> s(n, 0.0);
  std::vector<double> next(n, 0.0);
  double err = 1.0e9;
  while (err > tol) {
    err = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
      next[j] = 0.5 * std::tanh(0.9 * s[j] + x[j]);
      err += std::abs(next[j] - s[j]);
    }
    for (std::size_t j = 0; j < n; ++j)
      s[j] = next[j];
  }
  double r = 0;
  for (std::size_t j = 0; j < n; ++j)
    r += s[j] * s[j];
  return r;
}

/// W3 scaled: the step of w3_fixed_point run exactly `iters` times (for
/// 10^3 .. 10^5 iterations), in a `while` loop whose exit also depends on the
/// data (a divergence guard that never fires for this contraction), so the
/// trip count is unknown to the tool. Returns sum_j s_j^2.
inline double w3_iterations(const std::vector<double> &x, int iters) {
  const double diverged = 1.0e100;
  const std::size_t n = x.size();
  std::vector<double> s(n, 0.0);
  std::vector<double> next(n, 0.0);
  double err = 0.0;
  int k = 0;
  while (k < iters && err < diverged) {
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

// Without the plugin nothing registers [[tangent::checkpoint]]; the
// attribute is then ignored (docs/checkpointing.md) and only warns.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunknown-attributes"
#elif defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wattributes"
#endif

/// w3_fixed_point with online checkpointing of its while loop, budget 8.
inline double w3_fixed_point_ckpt(const std::vector<double> &x) {
  const double tol = 1e-10;
  const std::size_t n = x.size();
  std::vector<double> s(n, 0.0);
  std::vector<double> next(n, 0.0);
  double err = 1.0e9;
  [[tangent::checkpoint(8)]] while (err > tol) {
    err = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
      next[j] = 0.5 * std::tanh(0.9 * s[j] + x[j]);
      err += std::abs(next[j] - s[j]);
    }
    for (std::size_t j = 0; j < n; ++j)
      s[j] = next[j];
  }
  double r = 0;
  for (std::size_t j = 0; j < n; ++j)
    r += s[j] * s[j];
  return r;
}

/// w3_fixed_point differentiated as a fixed point ([[tangent::fixed_point]]:
/// the reverse sweep iterates the adjoint at the final state).
inline double w3_fixed_point_christianson(const std::vector<double> &x) {
  const double tol = 1e-10;
  const std::size_t n = x.size();
  std::vector<double> s(n, 0.0);
  std::vector<double> next(n, 0.0);
  double err = 1.0e9;
  [[tangent::fixed_point]] while (err > tol) {
    err = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
      next[j] = 0.5 * std::tanh(0.9 * s[j] + x[j]);
      err += std::abs(next[j] - s[j]);
    }
    for (std::size_t j = 0; j < n; ++j)
      s[j] = next[j];
  }
  double r = 0;
  for (std::size_t j = 0; j < n; ++j)
    r += s[j] * s[j];
  return r;
}

/// w3_iterations with online checkpointing of its while loop, budget 8.
inline double w3_iterations_ckpt(const std::vector<double> &x, int iters) {
  const double diverged = 1.0e100;
  const std::size_t n = x.size();
  std::vector<double> s(n, 0.0);
  std::vector<double> next(n, 0.0);
  double err = 0.0;
  int k = 0;
  [[tangent::checkpoint(8)]] while (k < iters && err < diverged) {
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

#if defined(__clang__)
#pragma clang diagnostic pop
#elif defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

/// W4 rnn: Elman RNN h <- tanh(W h + U x_t + b), H = 64, input 16, T = 1000
/// steps from h = 0; returns sum_i h_T,i^2. W is 64 x 64 and U is 64 x 16,
/// both row-major; b has 64 entries. The inputs x_t are fixed and generated
/// here from integers (no dependence on the parameters).
inline double w4_rnn(const std::vector<double> &W, const std::vector<double> &U,
                     const std::vector<double> &b) {
  const int H = 64;
  const int D = 16;
  std::vector<double> h(H, 0.0);
  std::vector<double> hn(H, 0.0);
  std::vector<double> xt(D, 0.0);
  for (int t = 0; t < 1000; ++t) {
    for (int k = 0; k < D; ++k)
      xt[k] = 0.1 * ((7 * t + 13 * k) % 29) - 1.4;
    for (int i = 0; i < H; ++i) {
      double a = b[i];
      for (int k = 0; k < D; ++k)
        a += U[i * D + k] * xt[k];
      for (int j = 0; j < H; ++j)
        a += W[i * H + j] * h[j];
      hn[i] = std::tanh(a);
    }
    for (int i = 0; i < H; ++i)
      h[i] = hn[i];
  }
  double loss = 0;
  for (int i = 0; i < H; ++i)
    loss += h[i] * h[i];
  return loss;
}

#endif // TANGENT_BENCHMARKS_WORKLOADS_WORKLOADS_HPP
