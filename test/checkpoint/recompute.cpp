// Recomputed iterations (options.recompute, on by default): a counted loop
// whose iterations record much more than the state they start from records
// only that state and runs each iteration again, taped, in the reverse
// sweep. Every function is requested with the default options and with
// `.recompute = false` (the full tape): the gradients must be bitwise equal
// and match finite differences (twin.hpp), and where the loop is
// recomputed the peak tape must be smaller. The cases of the state's
// analysis are checkpointed (sqrt(n) segments), whose snapshots hold the
// same state, so that they test it whatever the cost model chooses.
//
// The state leaves out vectors that a callee fills in every iteration
// (analysis/CalleeOutputs.cpp): the cases below are the ones where that is
// right (a callee writing all elements, or fewer than the caller reads, at
// indices fixed by sizes) and the ones where the filled vector's old value
// is needed and must stay in the state (the callee reads it, writes it
// under a condition or at data-dependent indices, or the caller writes it
// elsewhere in the loop, or resizes an argument).
#include "twin.hpp"

#include "../../benchmarks/workloads/workloads.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

using namespace ckpt_test;

constexpr options full{.recompute = false};
// Segments: the same analysis of the state, whatever the cost model says.
constexpr options ck{.checkpoint = true, .min_length = 10};

// One explicit step from u with the rates k (v is scratch).
void advance(std::vector<double> &u, const std::vector<double> &k,
             std::vector<double> &v) {
  for (std::size_t i = 0; i < u.size(); ++i)
    v[i] = u[i] + 0.05 * std::sin(k[i]);
  for (std::size_t i = 0; i < u.size(); ++i)
    u[i] = 0.9 * v[i] + 0.05 * v[i] * v[i];
}

// W2 of the benchmarks (w2_lorenz96<T>: classic RK4 on Lorenz-96): its
// right-hand side fills the stages k1..k4, and tmp is overwritten by
// loops, so the state of a step is u alone.
// Fills all but the last element; the caller reads the last one too, which
// keeps the value it had before the loop in every iteration.
void rhs_short(const std::vector<double> &u, std::vector<double> &du) {
  for (std::size_t i = 0; i < u.size() - 1; ++i)
    du[i] = 0.5 * u[i] * u[i + 1];
}
double euler_short(const std::vector<double> &u0) {
  const std::size_t n = u0.size();
  std::vector<double> u(u0), k(n, 0.25), v(n, 0.0);
  for (int t = 0; t < 200; ++t) {
    rhs_short(u, k);
    for (std::size_t i = 0; i < n; ++i)
      v[i] = u[i] + 0.01 * k[i] * k[n - 1];
    for (std::size_t i = 0; i < n; ++i)
      u[i] = v[i] - 0.001 * v[i] * v[i];
  }
  double r = 0;
  for (std::size_t i = 0; i < n; ++i)
    r += u[i] * u[i];
  return r;
}

// Callees whose output is not filled: its old value must be in the state.
void accumulate(const std::vector<double> &u, std::vector<double> &du) {
  for (std::size_t i = 0; i < u.size(); ++i)
    du[i] = 0.5 * du[i] + 0.1 * std::cos(u[i]); // reads du
}
void conditional(const std::vector<double> &u, std::vector<double> &du) {
  for (std::size_t i = 0; i < u.size(); ++i)
    if (u[i] > 0.0) // written only where u is positive
      du[i] = 0.2 * u[i] * u[i];
}
void data_index(const std::vector<double> &u, std::vector<double> &du) {
  for (std::size_t i = 0; i < u.size(); ++i)
    du[(i + static_cast<std::size_t>(u[0] > 0.0)) % u.size()] = 0.3 * u[i];
}
// Writes half the elements, at indices that move with `shift`.
void half(const std::vector<double> &u, std::vector<double> &du, int shift) {
  for (std::size_t i = 0; i < u.size() / 2; ++i)
    du[(i + static_cast<std::size_t>(shift)) % u.size()] = 0.3 * u[i];
}
double shifting(const std::vector<double> &u0) {
  const std::size_t n = u0.size();
  std::vector<double> u(u0), k(n, 0.1), v(n, 0.0);
  for (int t = 0; t < 200; ++t) {
    half(u, k, t);
    advance(u, k, v);
  }
  double r = 0;
  for (std::size_t i = 0; i < n; ++i)
    r += u[i] * k[i];
  return r;
}

template <void (*F)(const std::vector<double> &, std::vector<double> &)>
double stepper(const std::vector<double> &u0) {
  const std::size_t n = u0.size();
  std::vector<double> u(u0), k(n, 0.1), v(n, 0.0);
  for (int t = 0; t < 200; ++t) {
    F(u, k);
    advance(u, k, v);
  }
  double r = 0;
  for (std::size_t i = 0; i < n; ++i)
    r += u[i] * k[i];
  return r;
}

// The caller writes the filled vector itself too: not filled alike in
// every iteration.
double caller_writes(const std::vector<double> &u0) {
  const std::size_t n = u0.size();
  std::vector<double> u(u0), k(n, 0.1), v(n, 0.0);
  for (int t = 0; t < 200; ++t) {
    rhs_short(u, k);
    k[n - 1] = 0.5 * k[n - 1] + 0.01 * u[0];
    advance(u, k, v);
  }
  return u[0] * u[0] + k[n - 1];
}

// An argument that grows in the loop: the callee's indices change.
double growing(const std::vector<double> &u0) {
  std::vector<double> u(u0), k(u0.size(), 0.1), v;
  double r = 0;
  for (int t = 0; t < 50; ++t) {
    rhs_short(u, k);
    u.push_back(0.5 * u[0]);
    for (std::size_t i = 0; i < k.size(); ++i)
      r += 0.01 * k[i] * std::sin(u[i]);
    k.push_back(0.0);
  }
  return r;
}

int main() {
  const std::vector<double> u0 = wave(12, 0.8);
  twin("w2", expect::less, tangent::grad<w2_lorenz96<150>, full>(),
       tangent::grad<w2_lorenz96<150>>(), u0);
  twin_exact("w2/long", expect::less, tangent::grad<w2_lorenz96<2000>, full>(),
             tangent::grad<w2_lorenz96<2000>>(), u0);
  twin("fills_short", expect::less, tangent::grad<euler_short, full>(),
       tangent::grad<euler_short>(), u0);
  twin("callee_reads", expect::any, tangent::grad<stepper<accumulate>, full>(),
       tangent::grad<stepper<accumulate>, ck>(), u0);
  twin("callee_conditional", expect::any,
       tangent::grad<stepper<conditional>, full>(),
       tangent::grad<stepper<conditional>, ck>(), u0);
  twin("callee_data_index", expect::any,
       tangent::grad<stepper<data_index>, full>(),
       tangent::grad<stepper<data_index>, ck>(), u0);
  twin("callee_shifting", expect::any, tangent::grad<shifting, full>(),
       tangent::grad<shifting, ck>(), u0);
  twin("caller_writes", expect::any, tangent::grad<caller_writes, full>(),
       tangent::grad<caller_writes, ck>(), u0);
  twin("growing", expect::any, tangent::grad<growing, full>(),
       tangent::grad<growing, ck>(), u0);
  // Checkpointing the same loop keeps u alone in its snapshots too.
  twin_exact(
      "w2/checkpointed", expect::less, tangent::grad<w2_lorenz96<2000>, full>(),
      tangent::grad<w2_lorenz96<2000>, options{.checkpoint = true}>(), u0);
  return summary();
}
