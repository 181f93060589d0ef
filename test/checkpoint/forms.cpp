// Checkpointing: less common loop shapes and loop-carried state.
//
//  - state written only through a callee's reference parameter (double&,
//    std::vector<double>&), parameters by value used as loop state;
//  - side effects in the condition (`while (k++ < n ...)`, `++k <= n`),
//    `continue` in a `do` loop, a `break` that
//    only leaves an inner loop, `switch` in the body, a bool flag as state;
//  - a return or break after state changes (a partial last iteration),
//    continue in a counted loop, checkpointed loops in if branches and a
//    switch case, a vector state that may be empty;
//  - vector-returning callees in checkpointed loops;
//  - an annotated while loop inside a checkpoint = true loop;
//  - two online loops in a row sharing state;
//  - a raw `const double*` read in a checkpointed loop (through pullback);
//  - an annotated loop in a callee (checkpointed in the callee's split
//    sweeps) and a function requested both on its own and as a callee.
//
// Each function exists twice with one body (a macro taking the attribute):
// `<name>_taped` and `<name>_ckpt`; see twin.hpp for what is checked.
#include "twin.hpp"

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

using namespace ckpt_test;

#define CK [[tangent::checkpoint]]
#define CK4 [[tangent::checkpoint(4)]]

using vec = std::vector<double>;

// Callees that update their argument in place.
void advance_one(double &y, double x) { y = 0.8 * y + 0.3 * std::sin(y + x); }
void advance_all(std::vector<double> &u, double x) {
  for (std::size_t i = 0; i < u.size(); ++i)
    u[i] = 0.7 * u[i] + 0.2 * std::cos(u[(i + 1) % u.size()] + x);
}

#define REF_SCALAR(C)                                                          \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = 0; i < n; ++i) advance_one(y, x);                           \
    return y * y;                                                              \
  }
#define REF_SCALAR_WHILE(C)                                                    \
  {                                                                            \
    double y = x;                                                              \
    int k = 0;                                                                 \
    C while (k < n && y < 1e100) {                                             \
      advance_one(y, x);                                                       \
      ++k;                                                                     \
    }                                                                          \
    return y * y;                                                              \
  }
#define REF_VECTOR(C)                                                          \
  {                                                                            \
    std::vector<double> u(xs);                                                 \
    C for (int i = 0; i < n; ++i) advance_all(u, 0.1 * i);                     \
    double r = 0.0;                                                            \
    for (std::size_t j = 0; j < u.size(); ++j)                                 \
      r += u[j] * u[j];                                                        \
    return r;                                                                  \
  }
#define REF_VECTOR_WHILE(C)                                                    \
  {                                                                            \
    std::vector<double> u(xs);                                                 \
    int k = 0;                                                                 \
    C while (k < n && u[0] < 1e100) {                                          \
      advance_all(u, 0.1 * k);                                                 \
      ++k;                                                                     \
    }                                                                          \
    double r = 0.0;                                                            \
    for (std::size_t j = 0; j < u.size(); ++j)                                 \
      r += u[j] * u[j];                                                        \
    return r;                                                                  \
  }
// Parameters by value as loop state.
#define PARAM_STATE(C)                                                         \
  {                                                                            \
    C for (int i = 0; i < n; ++i) {                                            \
      x = 0.8 * x + 0.3 * std::sin(x + p[i % p.size()]);                       \
      p[i % p.size()] = 0.5 * p[i % p.size()] + 0.1 * x;                       \
    }                                                                          \
    return x * p[0] + p[1];                                                    \
  }
#define PARAM_STATE_WHILE(C)                                                   \
  {                                                                            \
    int i = 0;                                                                 \
    C while (i < n && x < 1e100) {                                             \
      x = 0.8 * x + 0.3 * std::sin(x + p[i % p.size()]);                       \
      p[i % p.size()] = 0.5 * p[i % p.size()] + 0.1 * x;                       \
      ++i;                                                                     \
    }                                                                          \
    return x * p[0] + p[1];                                                    \
  }
// Side effects in the condition.
#define POST_INC_COND(C)                                                       \
  {                                                                            \
    double y = x;                                                              \
    int k = 0;                                                                 \
    C while (k++ < n && y < 1e100) y =                                         \
        0.8 * y + 0.3 * std::sin(y + x * (1.0 + 0.001 * k));                   \
    return y * y + k;                                                          \
  }
#define PRE_INC_COND(C)                                                        \
  {                                                                            \
    double y = x;                                                              \
    int k = 0;                                                                 \
    C while (++k <= n) y =                                                     \
        0.8 * y + 0.3 * std::sin(y + x * (1.0 + 0.001 * k));                   \
    return y * y + k;                                                          \
  }
// continue in a do loop goes to the condition.
#define DO_CONTINUE(C)                                                         \
  {                                                                            \
    double y = x, z = 0.0;                                                     \
    int k = 0;                                                                 \
    C do {                                                                     \
      ++k;                                                                     \
      y = 0.8 * y + 0.3 * std::sin(y + x);                                     \
      if (k % 2 == 0)                                                          \
        continue;                                                              \
      z = z + y;                                                               \
    }                                                                          \
    while (k < n)                                                              \
      ;                                                                        \
    return y * z;                                                              \
  }
// A break that leaves only the inner loop: the outer loop stays counted.
#define INNER_BREAK(C)                                                         \
  {                                                                            \
    double y = x;                                                              \
    C for (int t = 0; t < n; ++t) {                                            \
      for (int i = 0; i < 10; ++i) {                                           \
        y = 0.8 * y + 0.3 * std::sin(y + x + 0.01 * t);                        \
        if (i >= t % 4)                                                        \
          break;                                                               \
      }                                                                        \
    }                                                                          \
    return y * y;                                                              \
  }
#define SWITCH(C)                                                              \
  {                                                                            \
    double y = x;                                                              \
    C for (int t = 0; t < n; ++t) {                                            \
      switch (t % 3) {                                                         \
      case 0:                                                                  \
        y = 0.8 * y + 0.3 * std::sin(y + x);                                   \
        break;                                                                 \
      case 1:                                                                  \
        y = 0.9 * y * std::cos(0.1 * y);                                       \
        [[fallthrough]];                                                       \
      default:                                                                 \
        y = y + 0.01 * x;                                                      \
      }                                                                        \
    }                                                                          \
    return y * y;                                                              \
  }
// A bool flag as loop state.
#define FLAG(C)                                                                \
  {                                                                            \
    double y = x;                                                              \
    bool done = false;                                                         \
    int k = 0;                                                                 \
    C while (!done) {                                                          \
      y = 0.8 * y + 0.3 * std::sin(y + x);                                     \
      ++k;                                                                     \
      done = k >= n;                                                           \
    }                                                                          \
    return y * y;                                                              \
  }
// Two online loops in a row; the second starts from the first one's state.
#define TWO_ONLINE(C)                                                          \
  {                                                                            \
    double y = x, z = 0.2;                                                     \
    int k = 0;                                                                 \
    C while (k < n && y < 1e100) {                                             \
      y = 0.8 * y + 0.3 * std::sin(y + z);                                     \
      ++k;                                                                     \
    }                                                                          \
    C while (k > 0 && z < 1e100) {                                             \
      z = 0.7 * z + 0.2 * std::cos(z * y);                                     \
      y = 0.9 * y;                                                             \
      --k;                                                                     \
    }                                                                          \
    return y * z;                                                              \
  }
// A raw pointer read in a checkpointed loop.
#define POINTER_READ(C)                                                        \
  {                                                                            \
    double y = 0.1;                                                            \
    C for (int i = 0; i < n; ++i) y = 0.8 * y + 0.3 * std::sin(y + p[i % 4]);  \
    return y * y;                                                              \
  }

// A return or a break in the middle of the body, after the state changed:
// the last iteration is partial.
#define RETURN_PARTIAL(C)                                                      \
  {                                                                            \
    double y = x, z = 0.0;                                                     \
    C for (int i = 0;; ++i) {                                                  \
      y = 0.8 * y + 0.3 * std::sin(y + x);                                     \
      if (i >= n)                                                              \
        return y * y + z;                                                      \
      z = 0.5 * z + y;                                                         \
    }                                                                          \
  }
#define BREAK_PARTIAL(C)                                                       \
  {                                                                            \
    double y = x, z = 0.0;                                                     \
    int k = 0;                                                                 \
    C while (true) {                                                           \
      y = 0.8 * y + 0.3 * std::sin(y + x);                                     \
      if (k >= n)                                                              \
        break;                                                                 \
      z = 0.5 * z + y * x;                                                     \
      ++k;                                                                     \
    }                                                                          \
    return y * z + y;                                                          \
  }
// continue in a counted loop.
#define COUNTED_CONTINUE(C)                                                    \
  {                                                                            \
    double y = x, z = 0.0;                                                     \
    C for (int i = 0; i < n; ++i) {                                            \
      y = 0.8 * y + 0.3 * std::sin(y + x);                                     \
      if (i % 3 == 1)                                                          \
        continue;                                                              \
      z = 0.9 * z + y;                                                         \
    }                                                                          \
    return y * z;                                                              \
  }
// Checkpointed loops in the branches of an if and in a switch case.
#define IN_BRANCH(C)                                                           \
  {                                                                            \
    double y = x;                                                              \
    if (x > 0.0) {                                                             \
      C for (int i = 0; i < n; ++i) y = 0.8 * y + 0.3 * std::sin(y + x);       \
    } else {                                                                   \
      int k = 0;                                                               \
      C while (k < n && y < 1e100) {                                           \
        y = 0.7 * y + 0.2 * std::cos(y - x);                                   \
        ++k;                                                                   \
      }                                                                        \
    }                                                                          \
    switch (n % 2) {                                                           \
    case 0:                                                                    \
      C for (int i = 0; i < n; ++i) y = 0.9 * y + 0.1 * std::sin(y * x);       \
      break;                                                                   \
    default:                                                                   \
      y = y * x;                                                               \
    }                                                                          \
    return y * y;                                                              \
  }
// A vector state that may be empty.
#define MAYBE_EMPTY(C)                                                         \
  {                                                                            \
    std::vector<double> s(xs.size(), 0.0);                                     \
    double y = 0.3;                                                            \
    C for (int i = 0; i < n; ++i) {                                            \
      for (std::size_t j = 0; j < s.size(); ++j)                               \
        s[j] = std::tanh(0.8 * s[j] + xs[j]);                                  \
      y = 0.9 * y + 0.1 * std::sin(y);                                         \
    }                                                                          \
    double r = y;                                                              \
    for (std::size_t j = 0; j < s.size(); ++j)                                 \
      r += s[j] * s[j];                                                        \
    return r;                                                                  \
  }

// Vector-returning callees in checkpointed loops: `s = step_vec(s, x)` (the
// callee's argument is the assigned vector; once a wrong gradient) and the
// form through a temporary, both
// against finite differences and bitwise against the full tape.
std::vector<double> step_vec(const std::vector<double> &s, double x) {
  std::vector<double> r(s.size());
  for (std::size_t j = 0; j < s.size(); ++j)
    r[j] = std::tanh(0.8 * s[j] + x * (1.0 + 0.1 * j));
  return r;
}
#define VEC_RET_TMP(C)                                                         \
  {                                                                            \
    std::vector<double> s(4, 0.1);                                             \
    C for (int i = 0; i < n; ++i) {                                            \
      std::vector<double> t = step_vec(s, x);                                  \
      s = t;                                                                   \
    }                                                                          \
    int k = 0;                                                                 \
    C while (k < n && s[0] < 1e100) {                                          \
      std::vector<double> t = step_vec(s, 0.5 * x);                            \
      s = t;                                                                   \
      ++k;                                                                     \
    }                                                                          \
    return s[0] + s[1] * s[2] + s[3];                                          \
  }
#define VEC_RET_SELF(C)                                                        \
  {                                                                            \
    std::vector<double> s(4, 0.1);                                             \
    C for (int i = 0; i < n; ++i) s = step_vec(s, x);                          \
    int k = 0;                                                                 \
    C while (k < n && s[0] < 1e100) {                                          \
      s = step_vec(s, 0.5 * x);                                                \
      ++k;                                                                     \
    }                                                                          \
    return s[0] + s[1] * s[2] + s[3];                                          \
  }

// clang-format off
double ref_scalar_taped(double x, int n) REF_SCALAR()
double ref_scalar_ckpt(double x, int n) REF_SCALAR(CK)
double ref_scalar_while_taped(double x, int n) REF_SCALAR_WHILE()
double ref_scalar_while_ckpt(double x, int n) REF_SCALAR_WHILE(CK4)
double ref_vector_taped(const vec &xs, int n) REF_VECTOR()
double ref_vector_ckpt(const vec &xs, int n) REF_VECTOR(CK)
double ref_vector_while_taped(const vec &xs, int n) REF_VECTOR_WHILE()
double ref_vector_while_ckpt(const vec &xs, int n) REF_VECTOR_WHILE(CK4)
double param_state_taped(double x, vec p, int n) PARAM_STATE()
double param_state_ckpt(double x, vec p, int n) PARAM_STATE(CK)
double param_state_while_taped(double x, vec p, int n) PARAM_STATE_WHILE()
double param_state_while_ckpt(double x, vec p, int n) PARAM_STATE_WHILE(CK4)
double post_inc_cond_taped(double x, int n) POST_INC_COND()
double post_inc_cond_ckpt(double x, int n) POST_INC_COND(CK4)
double pre_inc_cond_taped(double x, int n) PRE_INC_COND()
double pre_inc_cond_ckpt(double x, int n) PRE_INC_COND(CK4)
double do_continue_taped(double x, int n) DO_CONTINUE()
double do_continue_ckpt(double x, int n) DO_CONTINUE(CK4)
double inner_break_taped(double x, int n) INNER_BREAK()
double inner_break_ckpt(double x, int n) INNER_BREAK(CK)
double switch_taped(double x, int n) SWITCH()
double switch_ckpt(double x, int n) SWITCH(CK)
double flag_taped(double x, int n) FLAG()
double flag_ckpt(double x, int n) FLAG(CK4)
double two_online_taped(double x, int n) TWO_ONLINE()
double two_online_ckpt(double x, int n) TWO_ONLINE(CK4)
double pointer_read_taped(const double *p, int n) POINTER_READ()
double pointer_read_ckpt(const double *p, int n) POINTER_READ(CK)
double return_partial_taped(double x, int n) RETURN_PARTIAL()
double return_partial_ckpt(double x, int n) RETURN_PARTIAL(CK4)
double break_partial_taped(double x, int n) BREAK_PARTIAL()
double break_partial_ckpt(double x, int n) BREAK_PARTIAL(CK4)
double counted_continue_taped(double x, int n) COUNTED_CONTINUE()
double counted_continue_ckpt(double x, int n) COUNTED_CONTINUE(CK)
double in_branch_taped(double x, int n) IN_BRANCH()
double in_branch_ckpt(double x, int n) IN_BRANCH(CK4)
double maybe_empty_taped(const vec &xs, int n) MAYBE_EMPTY()
double maybe_empty_ckpt(const vec &xs, int n) MAYBE_EMPTY(CK)
double vec_ret_tmp_taped(double x, int n) VEC_RET_TMP()
double vec_ret_tmp_ckpt(double x, int n) VEC_RET_TMP(CK4)
double vec_ret_self_taped(double x, int n) VEC_RET_SELF()
double vec_ret_self_ckpt(double x, int n) VEC_RET_SELF(CK4)
// clang-format on

// An annotated while loop inside a loop checkpointed by checkpoint = true.
#define WHILE_IN_SEGMENTS(C)                                                   \
  {                                                                            \
    double y = x, acc = 0.0;                                                   \
    for (int t = 0; t < 120; ++t) {                                            \
      int k = 0;                                                               \
      C while (k < t % 6 && y < 1e100) {                                       \
        y = 0.8 * y + 0.3 * std::sin(y + x + 0.01 * t);                        \
        ++k;                                                                   \
      }                                                                        \
      acc = 0.5 * acc + y;                                                     \
    }                                                                          \
    return acc * y;                                                            \
  }
    // clang-format off
double while_in_segments_taped(double x) WHILE_IN_SEGMENTS()
double while_in_segments_ckpt(double x) WHILE_IN_SEGMENTS(CK4)
    // clang-format on

    // An annotated loop in a callee: checkpointed in the callee's split sweeps
    // too (the callee's reverse replays it, reading its parameters, which the
    // caller therefore keeps intact). The same function is also requested on
    // its own.
    double callee_loop(double y, double x, int n) {
  [[tangent::checkpoint(4)]] for (int i = 0; i < n; ++i) {
    y = 0.8 * y + 0.3 * std::sin(y + x);
    if (y > 1e100)
      break;
  }
  return y;
}
double callee_loop_plain(double y, double x, int n) {
  for (int i = 0; i < n; ++i) {
    y = 0.8 * y + 0.3 * std::sin(y + x);
    if (y > 1e100)
      break;
  }
  return y;
}
double caller_ckpt(double x, int n) {
  double y = x;
  for (int t = 0; t < 3; ++t)
    y = callee_loop(y, x + 0.1 * t, n);
  return y * y;
}
double caller_taped(double x, int n) {
  double y = x;
  for (int t = 0; t < 3; ++t)
    y = callee_loop_plain(y, x + 0.1 * t, n);
  return y * y;
}

#define TWIN(f, mem, ...)                                                      \
  twin(std::string(#f) + "/n=" + std::to_string(n), mem,                       \
       tangent::grad<f##_taped>(), tangent::grad<f##_ckpt>(), __VA_ARGS__)

int main() {
  const double x = 0.44;
  const vec xs = wave(5, 0.7);
  const vec p{0.3, -0.6, 0.9, 0.2};
  for (int n : {0, 1, 3, 5, 100, 1000}) {
    const expect mem = n == 1000 ? expect::less : expect::any;
    TWIN(ref_scalar, mem, x, n);
    TWIN(ref_scalar_while, mem, x, n);
    TWIN(ref_vector, mem, xs, n);
    TWIN(ref_vector_while, mem, xs, n);
    TWIN(param_state, mem, x, p, n);
    TWIN(param_state_while, mem, x, p, n);
    TWIN(post_inc_cond, mem, x, n);
    TWIN(pre_inc_cond, mem, x, n);
    TWIN(do_continue, mem, x, n);
    TWIN(inner_break, mem, x, n);
    TWIN(switch, mem, x, n);
    TWIN(flag, mem, x, n);
    TWIN(two_online, mem, x, n);
    TWIN(return_partial, mem, x, n);
    TWIN(break_partial, mem, x, n);
    TWIN(counted_continue, mem, x, n);
    TWIN(in_branch, mem, x, n);
    TWIN(in_branch, mem, -x, n);
    TWIN(maybe_empty, mem, xs, n);
    TWIN(maybe_empty, expect::any, vec{}, n);
    TWIN(vec_ret_tmp, mem, x, n);
    // Once a wrong gradient, now against finite differences too.
    twin("vec_ret_self/n=" + std::to_string(n), mem,
         tangent::grad<vec_ret_self_taped>(),
         tangent::grad<vec_ret_self_ckpt>(), x, n);
    // The annotated loop in the callee is checkpointed too: less memory for
    // long loops, a few snapshot bytes more for short ones.
    TWIN(caller, n >= 1000 ? expect::less : expect::any, x, n);
    twin("callee_loop/own/n=" + std::to_string(n), mem,
         tangent::grad<callee_loop_plain>(), tangent::grad<callee_loop>(), 0.3,
         x, n);

    // Raw pointer: gradients through pullback, checked against FD of the
    // same function and against each other, bitwise.
    {
      const std::string name = "pointer_read/n=" + std::to_string(n);
      auto taped = tangent::grad<pointer_read_taped>();
      auto ckpt = tangent::grad<pointer_read_ckpt>();
      std::vector<double> gt(4, 0.0), gc(4, 0.0);
      const double vt = taped.pullback(p.data(), n, gt.data());
      const double vc = ckpt.pullback(p.data(), n, gc.data());
      check_same(name + "/ckpt==taped", gc, gt);
      check_true(name + "/value", vt == vc);
      const auto fd = fd_gradient(
          [n](const vec &q) { return pointer_read_taped(q.data(), n); }, p);
      check_near(name + "/taped~fd", gt, fd);
    }
  }
  twin("while_in_segments", expect::any,
       tangent::grad<while_in_segments_taped>(),
       tangent::grad<while_in_segments_ckpt, options{.checkpoint = true}>(), x);
  return summary();
}
