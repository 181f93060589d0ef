//===- benchmarks/workloads/hand_adjoints.hpp - hand-written adjoints -----===//
///
/// \file
/// Reverse-mode adjoints of the workloads of workloads.hpp, written and tuned
/// by hand: the practical speed limit a generated adjoint is compared with.
/// Each returns `{value, gradient}` in the shape of tangent's
/// `df.value_and_grad(args...)`: a `std::vector<double>` for one vector
/// parameter, a `std::tuple` of them for several. The value is bitwise equal
/// to the primal's (the forward sweeps perform the same floating-point
/// operations in the same order).
///
/// What is stored (a "tape" of doubles, reused across calls like
/// `tangent::thread_tape()`, see `hand::storage`):
///
/// | workload | stored per step                     | total (benchmark)   |
/// |----------|-------------------------------------|---------------------|
/// | W1       | tanh outputs, N                     | 2000 x 1000: 16 MB  |
/// | W2       | the state, padded, N + 4 (the RK4   | 5000 x 104: 4.2 MB  |
/// |          | stages are recomputed in reverse)   |                     |
/// | W3       | tanh outputs, N                     | iterations x 8 KB   |
/// | W4       | the hidden state, H                 | 1001 x 64: 0.5 MB   |
//===----------------------------------------------------------------------===//
#ifndef TANGENT_BENCHMARKS_WORKLOADS_HAND_ADJOINTS_HPP
#define TANGENT_BENCHMARKS_WORKLOADS_HAND_ADJOINTS_HPP

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <tuple>
#include <utility>
#include <vector>

namespace hand {

using vector = std::vector<double>;

/// Per-thread tape storage: grows to the largest request and is kept, so
/// repeated calls do not pay for allocation and page faults. Records the
/// high-water mark of the bytes in use, like `tangent::stats::peak_bytes()`.
class storage {
public:
  /// At least `count` doubles; content preserved, pointer valid until the
  /// next call.
  double *reserve(std::size_t count) {
    if (buffer_.size() < count)
      buffer_.resize(std::max(count, 2 * buffer_.size()));
    peak_ = std::max(peak_, count * sizeof(double));
    return buffer_.data();
  }
  void reset_peak() { peak_ = 0; }
  std::size_t peak_bytes() const { return peak_; }

private:
  vector buffer_;
  std::size_t peak_ = 0;
};

inline storage &thread_storage() {
  static thread_local storage s;
  return s;
}

/// Starts a measurement of tape bytes (see `peak_bytes`).
inline void reset_peak() { thread_storage().reset_peak(); }
/// Peak tape bytes in use on this thread since `reset_peak()`.
inline std::size_t peak_bytes() { return thread_storage().peak_bytes(); }

//===----------------------------------------------------------------------===//
// W1 rollout
//===----------------------------------------------------------------------===//

inline std::pair<double, vector> w1_rollout(const vector &x) {
  constexpr int T = 2000;
  const std::size_t n = x.size();
  double *y = thread_storage().reserve(T * n);
  vector s(n, 0.0);
  for (int t = 0; t < T; ++t) {
    double *yt = y + t * n;
    for (std::size_t j = 0; j < n; ++j) {
      double v = std::tanh(s[j] * 1.01 + x[j]);
      yt[j] = v;
      s[j] = v;
    }
  }
  double r = 0;
  for (std::size_t j = 0; j < n; ++j)
    r += s[j];

  vector dx(n, 0.0), ds(n, 1.0);
  for (int t = T; t-- > 0;) {
    const double *yt = y + t * n;
    for (std::size_t j = 0; j < n; ++j) {
      double du = ds[j] * (1.0 - yt[j] * yt[j]);
      dx[j] += du;
      ds[j] = du * 1.01;
    }
  }
  return {r, std::move(dx)};
}

//===----------------------------------------------------------------------===//
// W2 lorenz96
//===----------------------------------------------------------------------===//

namespace detail {
/// A state padded cyclically by two on each side: p[k] = u[(k - 2) mod n]
/// for k in [0, n + 4), so that the stencil needs no modulo.
inline void pad(double *p, std::size_t n) {
  p[0] = p[n];
  p[1] = p[n + 1];
  p[n + 2] = p[2];
  p[n + 3] = p[3];
}

/// du = l96_rhs(u) from the padded state p; the same operations as
/// ::l96_rhs.
inline void l96_rhs(const double *p, double *du, std::size_t n) {
  const double F = 8.0;
  for (std::size_t i = 0; i < n; ++i)
    du[i] = (p[i + 3] - p[i]) * p[i + 1] - p[i + 2] + F;
}

/// Entry j of J(u)^T g, with p the padded state and gp the padded adjoint
/// g. du_i = (u_{i+1} - u_{i-2}) u_{i-1} - u_i + F, gathered per u_j:
/// g_{j-1} u_{j-2} - g_{j+2} u_{j+1} + g_{j+1} (u_{j+2} - u_{j-1}) - g_j.
inline double l96_rhs_adjoint_at(const double *p, const double *gp,
                                 std::size_t j) {
  return gp[j + 1] * p[j] - gp[j + 4] * p[j + 3] +
         gp[j + 3] * (p[j + 4] - p[j + 1]) - gp[j + 2];
}
} // namespace detail

namespace detail {
/// The stage inputs s2, s3, s4 of one RK4 step from the padded state s1,
/// with k1, k2, k3 (and k4 and the new state u if `u` is given); the same
/// operations as ::w2_lorenz96.
inline void l96_rk4_step(const double *s1, double *s2, double *s3, double *s4,
                         double *k1, double *k2, double *k3, double *k4,
                         double *u, std::size_t n) {
  const double dt = 0.01;
  l96_rhs(s1, k1, n);
  for (std::size_t i = 0; i < n; ++i)
    s2[i + 2] = s1[i + 2] + 0.5 * dt * k1[i];
  pad(s2, n);
  l96_rhs(s2, k2, n);
  for (std::size_t i = 0; i < n; ++i)
    s3[i + 2] = s1[i + 2] + 0.5 * dt * k2[i];
  pad(s3, n);
  l96_rhs(s3, k3, n);
  for (std::size_t i = 0; i < n; ++i)
    s4[i + 2] = s1[i + 2] + dt * k3[i];
  pad(s4, n);
  if (!u)
    return;
  l96_rhs(s4, k4, n);
  for (std::size_t i = 0; i < n; ++i)
    u[i] = u[i] + dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
}
} // namespace detail

/// Stores the (padded) state of every step and recomputes a step's stages
/// in the reverse sweep: twice as fast here as storing the four stage inputs
/// (16.6 MB of tape traffic per call makes that memory-bound).
template <int T> std::pair<double, vector> w2_lorenz96(const vector &u0) {
  const double dt = 0.01;
  const std::size_t n = u0.size();
  assert(n >= 4);
  const std::size_t stride = n + 4; // one padded state
  double *tape = thread_storage().reserve(static_cast<std::size_t>(T) * stride);
  vector u(u0), k1(n), k2(n), k3(n), k4(n);
  vector s2(stride), s3(stride), s4(stride);

  // Forward sweep: record the state before each step.
  for (int t = 0; t < T; ++t) {
    double *s1 = tape + static_cast<std::size_t>(t) * stride;
    for (std::size_t i = 0; i < n; ++i)
      s1[i + 2] = u[i];
    detail::pad(s1, n);
    detail::l96_rk4_step(s1, s2.data(), s3.data(), s4.data(), k1.data(),
                         k2.data(), k3.data(), k4.data(), u.data(), n);
  }
  double r = 0;
  for (std::size_t i = 0; i < n; ++i)
    r += u[i] * u[i];

  // Reverse sweep. du is the adjoint of the state; ga and gb hold the
  // padded adjoint of a stage's right-hand side (in turn).
  const double c = dt / 6.0;
  vector du(n), b1(n), b2(n), ga(stride), gb(stride);
  for (std::size_t i = 0; i < n; ++i)
    du[i] = 2.0 * u[i];
  for (int t = T; t-- > 0;) {
    const double *s1 = tape + static_cast<std::size_t>(t) * stride;
    detail::l96_rk4_step(s1, s2.data(), s3.data(), s4.data(), k1.data(),
                         k2.data(), k3.data(), k4.data(), nullptr, n);
    // u' = u + c (k1 + 2 k2 + 2 k3 + k4): du stays, the k's get theirs.
    for (std::size_t i = 0; i < n; ++i) {
      b1[i] = c * du[i];       // k1 and k4
      b2[i] = 2.0 * c * du[i]; // k2 and k3
      ga[i + 2] = b1[i];
    }
    // k4 = f(u + dt k3): the input's adjoint goes to u and to k3.
    detail::pad(ga.data(), n);
    for (std::size_t j = 0; j < n; ++j) {
      double sb = detail::l96_rhs_adjoint_at(s4.data(), ga.data(), j);
      du[j] += sb;
      gb[j + 2] = b2[j] + dt * sb;
    }
    // k3 = f(u + dt/2 k2)
    detail::pad(gb.data(), n);
    for (std::size_t j = 0; j < n; ++j) {
      double sb = detail::l96_rhs_adjoint_at(s3.data(), gb.data(), j);
      du[j] += sb;
      ga[j + 2] = b2[j] + 0.5 * dt * sb;
    }
    // k2 = f(u + dt/2 k1)
    detail::pad(ga.data(), n);
    for (std::size_t j = 0; j < n; ++j) {
      double sb = detail::l96_rhs_adjoint_at(s2.data(), ga.data(), j);
      du[j] += sb;
      gb[j + 2] = b1[j] + 0.5 * dt * sb;
    }
    // k1 = f(u)
    detail::pad(gb.data(), n);
    for (std::size_t j = 0; j < n; ++j)
      du[j] += detail::l96_rhs_adjoint_at(s1, gb.data(), j);
  }
  return {r, std::move(du)};
}

//===----------------------------------------------------------------------===//
// W3 fixed point
//===----------------------------------------------------------------------===//

namespace detail {
/// The fixed-point iteration of w3 with taping; `iters < 0` means "until
/// converged to 1e-10" (w3_fixed_point), else exactly `iters` iterations
/// (w3_iterations). Returns the value and the gradient; stores the
/// iteration count in `*iterations` when given.
inline std::pair<double, vector> w3(const vector &x, int iters,
                                    int *iterations) {
  const double tol = 1e-10;
  const std::size_t n = x.size();
  storage &st = thread_storage();
  // The tape grows by one iteration at a time (geometrically underneath).
  double *tape =
      st.reserve(iters >= 0 ? static_cast<std::size_t>(iters) * n : n);
  vector s(n, 0.0);
  double err = 1.0e9;
  std::size_t k = 0;
  while (iters >= 0 ? k < static_cast<std::size_t>(iters) : err > tol) {
    tape = st.reserve((k + 1) * n);
    double *th = tape + k * n;
    err = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
      double v = std::tanh(0.9 * s[j] + x[j]);
      double next = 0.5 * v;
      th[j] = v;
      err += std::abs(next - s[j]);
      s[j] = next;
    }
    ++k;
  }
  if (iterations)
    *iterations = static_cast<int>(k);
  double r = 0;
  for (std::size_t j = 0; j < n; ++j)
    r += s[j] * s[j];

  vector dx(n, 0.0), ds(n);
  for (std::size_t j = 0; j < n; ++j)
    ds[j] = 2.0 * s[j];
  while (k-- > 0) {
    const double *th = tape + k * n;
    for (std::size_t j = 0; j < n; ++j) {
      double da = 0.5 * ds[j] * (1.0 - th[j] * th[j]);
      dx[j] += da;
      ds[j] = 0.9 * da;
    }
  }
  return {r, std::move(dx)};
}
} // namespace detail

/// Adjoint of w3_fixed_point; `iterations`, when given, receives the number
/// of iterations the loop ran.
inline std::pair<double, vector> w3_fixed_point(const vector &x,
                                                int *iterations = nullptr) {
  return detail::w3(x, -1, iterations);
}

/// Adjoint of w3_iterations (iters >= 0).
inline std::pair<double, vector> w3_iterations(const vector &x, int iters) {
  assert(iters >= 0);
  return detail::w3(x, iters, nullptr);
}

//===----------------------------------------------------------------------===//
// W4 rnn
//===----------------------------------------------------------------------===//

inline std::pair<double, std::tuple<vector, vector, vector>>
w4_rnn(const vector &W, const vector &U, const vector &b) {
  constexpr int H = 64, D = 16, T = 1000;
  double *hs = thread_storage().reserve((T + 1) * H); // h_0 .. h_T
  double xt[D];
  for (int i = 0; i < H; ++i)
    hs[i] = 0.0;
  for (int t = 0; t < T; ++t) {
    for (int k = 0; k < D; ++k)
      xt[k] = 0.1 * ((7 * t + 13 * k) % 29) - 1.4;
    const double *h = hs + t * H;
    double *hn = hs + (t + 1) * H;
    for (int i = 0; i < H; ++i) {
      double a = b[i];
      for (int k = 0; k < D; ++k)
        a += U[i * D + k] * xt[k];
      for (int j = 0; j < H; ++j)
        a += W[i * H + j] * h[j];
      hn[i] = std::tanh(a);
    }
  }
  const double *hT = hs + T * H;
  double loss = 0;
  for (int i = 0; i < H; ++i)
    loss += hT[i] * hT[i];

  vector dW(H * H, 0.0), dU(H * D, 0.0), db(H, 0.0);
  double g[H], gn[H], a[H];
  for (int i = 0; i < H; ++i)
    g[i] = 2.0 * hT[i];
  for (int t = T; t-- > 0;) {
    for (int k = 0; k < D; ++k)
      xt[k] = 0.1 * ((7 * t + 13 * k) % 29) - 1.4;
    const double *h = hs + t * H;
    const double *hn = hs + (t + 1) * H;
    for (int i = 0; i < H; ++i) {
      a[i] = g[i] * (1.0 - hn[i] * hn[i]);
      db[i] += a[i];
      gn[i] = 0.0;
    }
    for (int i = 0; i < H; ++i) {
      const double ai = a[i];
      double *dUi = dU.data() + i * D;
      for (int k = 0; k < D; ++k)
        dUi[k] += ai * xt[k];
      double *dWi = dW.data() + i * H;
      const double *Wi = W.data() + i * H;
      for (int j = 0; j < H; ++j) {
        dWi[j] += ai * h[j];
        gn[j] += ai * Wi[j];
      }
    }
    std::copy(gn, gn + H, g);
  }
  return {loss, {std::move(dW), std::move(dU), std::move(db)}};
}

} // namespace hand

#endif // TANGENT_BENCHMARKS_WORKLOADS_HAND_ADJOINTS_HPP
