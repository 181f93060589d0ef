// Checkpointing: loops of unknown trip count under
// [[tangent::checkpoint(4)]] (online checkpointing, budget 4): `while` with a
// data-dependent condition, `do`/`while`, `for` with `break`, `for` with a
// data-dependent condition, `return` inside the loop, the convergence loop
// `if (err < tol || ++it >= max) break;`, `continue`, a for loop whose
// induction variable outlives it, and a fixed point that stops on its own
// tolerance; also with optimized = false. Trip counts 0, 1, 3 (< budget),
// 5 (budget + 1), 1000 and 100000 (a small state, so they run fast); budgets
// from the attribute, from the default (32: 31, 32, 33 iterations) and from
// options::budget.
//
// Each function exists twice with one body (a macro taking the attribute):
// `<name>_taped` without it (full tape), `<name>_ckpt` with it; see twin.hpp
// for what is checked.
#include "twin.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

using namespace ckpt_test;

#define CK4 [[tangent::checkpoint(4)]]
#define CK [[tangent::checkpoint]]
#define STEP(y) y = 0.8 * y + 0.3 * std::sin(y + x)

// The data-dependent guards (y < 1e100 and the like) never fire: the trip
// count is n, but the tool cannot know it.
#define WHILE(C)                                                               \
  {                                                                            \
    double y = x;                                                              \
    int k = 0;                                                                 \
    C while (k < n && y < 1e100) {                                             \
      STEP(y);                                                                 \
      ++k;                                                                     \
    }                                                                          \
    return y * y;                                                              \
  }
// At least one iteration: trip count max(n, 1).
#define DO(C)                                                                  \
  {                                                                            \
    double y = x;                                                              \
    int k = 0;                                                                 \
    C do {                                                                     \
      STEP(y);                                                                 \
      ++k;                                                                     \
    }                                                                          \
    while (k < n && std::fabs(y) < 1e100)                                      \
      ;                                                                        \
    return y * y;                                                              \
  }
#define FOR_BREAK(C)                                                           \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = 0; i < n; ++i) {                                            \
      y = 0.8 * y + 0.3 * std::sin(y + x * (1.0 + 0.001 * i));                 \
      if (y > 1e100)                                                           \
        break;                                                                 \
    }                                                                          \
    return y * y;                                                              \
  }
// A for loop whose condition reads the data.
#define FOR_DATA(C)                                                            \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = 0; i < n && y * y < 1e200; ++i) y =                         \
        0.8 * y + 0.3 * std::sin(y + x * (1.0 + 0.001 * i));                   \
    return y * y;                                                              \
  }
// The only exit is a return inside the loop.
#define RETURN_ONLY(C)                                                         \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = 0;; ++i) {                                                  \
      if (i >= n)                                                              \
        return y * y + 0.5 * i;                                                \
      STEP(y);                                                                 \
    }                                                                          \
  }
// A return in the middle of the body (never taken) and one after the loop.
#define RETURN_MID(C)                                                          \
  {                                                                            \
    double y = x, z = 0.0;                                                     \
    C for (int i = 0; i < n; ++i) {                                            \
      STEP(y);                                                                 \
      if (y > 1e100)                                                           \
        return -1.0;                                                           \
      z = 0.5 * z + y * y;                                                     \
    }                                                                          \
    return y * z;                                                              \
  }
// The convergence loop. With tol = 0 it runs max(n, 1) iterations. (tol is
// a macro argument: as a double parameter it would be differentiated, and
// finite differences would perturb it.)
#define CONVERGE(C, tol)                                                       \
  {                                                                            \
    double y = x;                                                              \
    double err = 0.0;                                                          \
    int it = 0;                                                                \
    C for (;;) {                                                               \
      const double next = 0.8 * y + 0.3 * std::sin(y + x);                     \
      err = std::fabs(next - y);                                               \
      y = next;                                                                \
      if (err < tol || ++it >= n)                                              \
        break;                                                                 \
    }                                                                          \
    return y * y;                                                              \
  }
// continue in the body; the counter advances in the condition's body.
#define CONTINUE(C)                                                            \
  {                                                                            \
    double y = x, z = 0.0;                                                     \
    int k = 0;                                                                 \
    C while (k < n && z < 1e100) {                                             \
      ++k;                                                                     \
      STEP(y);                                                                 \
      if (k % 3 == 0)                                                          \
        continue;                                                              \
      z = z + 0.01 * y;                                                        \
    }                                                                          \
    return y * y + z;                                                          \
  }
// Several scalars, an int that feeds an index after the loop, std::array.
#define STATE(C)                                                               \
  {                                                                            \
    double a = x, b = 0.3;                                                     \
    std::array<double, 3> s{0.1, x, -0.2};                                     \
    int idx = 0, k = 0;                                                        \
    C while (k < n && std::fabs(a) < 1e100) {                                  \
      const double a2 = 0.6 * a - 0.3 * b + 0.1 * w[idx];                      \
      b = 0.4 * a + 0.5 * b * std::cos(s[idx % 3]);                            \
      a = a2;                                                                  \
      s[k % 3] = 0.5 * s[(k + 1) % 3] + 0.2 * a;                               \
      idx = (idx * 3 + 1) % 4;                                                 \
      ++k;                                                                     \
    }                                                                          \
    return a * w[idx] + b + s[0] * s[1] - s[2];                                \
  }
// A std::vector state (W3's shape with an iteration counter).
#define VEC(C)                                                                 \
  {                                                                            \
    const std::size_t m = xs.size();                                           \
    std::vector<double> s(m, 0.0), next(m, 0.0);                               \
    double err = 0.0;                                                          \
    int k = 0;                                                                 \
    C while (k < n && err < 1e100) {                                           \
      err = 0.0;                                                               \
      for (std::size_t j = 0; j < m; ++j) {                                    \
        next[j] = 0.5 * std::tanh(0.9 * s[j] + xs[j]);                         \
        err += std::fabs(next[j] - s[j]);                                      \
      }                                                                        \
      s = next;                                                                \
      ++k;                                                                     \
    }                                                                          \
    double r = 0.0;                                                            \
    for (std::size_t j = 0; j < m; ++j)                                        \
      r += s[j] * s[j];                                                        \
    return r;                                                                  \
  }
// W3 itself: the trip count is decided by the tolerance alone.
#define FIXED_POINT(C, tol)                                                    \
  {                                                                            \
    const std::size_t m = xs.size();                                           \
    std::vector<double> s(m, 0.0), next(m, 0.0);                               \
    double err = 1.0e9;                                                        \
    C while (err > tol) {                                                      \
      err = 0.0;                                                               \
      for (std::size_t j = 0; j < m; ++j) {                                    \
        next[j] = 0.5 * std::tanh(0.9 * s[j] + xs[j]);                         \
        err += std::fabs(next[j] - s[j]);                                      \
      }                                                                        \
      for (std::size_t j = 0; j < m; ++j)                                      \
        s[j] = next[j];                                                        \
    }                                                                          \
    double r = 0.0;                                                            \
    for (std::size_t j = 0; j < m; ++j)                                        \
      r += s[j] * s[j];                                                        \
    return r;                                                                  \
  }
// A call to a user function (with its own loop) in the body.
double relax(double y, double x, int sweeps) {
  for (int i = 0; i < sweeps; ++i)
    y = 0.9 * y + 0.1 * std::cos(y - x);
  return y;
}
#define CALLS(C)                                                               \
  {                                                                            \
    double y = x;                                                              \
    int k = 0;                                                                 \
    C while (k < n && y < 1e100) {                                             \
      y = relax(y, x, 3) + 0.05 * std::sin(y);                                 \
      ++k;                                                                     \
    }                                                                          \
    return y * y;                                                              \
  }

// The induction variable declared before the loop and used after it: not
// a counted loop (its value outlives the loop), so online checkpointing.
#define OUTER_INDEX(C)                                                         \
  {                                                                            \
    double y = x;                                                              \
    int i = 0;                                                                 \
    C for (i = 0; i < n; ++i) y =                                              \
        0.8 * y + 0.3 * std::sin(y + x * (1.0 + 0.001 * i));                   \
    return y * y + 0.01 * i * y;                                               \
  }

// clang-format off
double while_taped(double x, int n) WHILE()
double while_ckpt(double x, int n) WHILE(CK4)
double do_taped(double x, int n) DO()
double do_ckpt(double x, int n) DO(CK4)
double for_break_taped(double x, int n) FOR_BREAK()
double for_break_ckpt(double x, int n) FOR_BREAK(CK4)
double for_data_taped(double x, int n) FOR_DATA()
double for_data_ckpt(double x, int n) FOR_DATA(CK4)
double return_only_taped(double x, int n) RETURN_ONLY()
double return_only_ckpt(double x, int n) RETURN_ONLY(CK4)
double return_mid_taped(double x, int n) RETURN_MID()
double return_mid_ckpt(double x, int n) RETURN_MID(CK4)
double converge_taped(double x, int n) CONVERGE(, 0.0)
double converge_ckpt(double x, int n) CONVERGE(CK4, 0.0)
double converge_tol_taped(double x, int n) CONVERGE(, 1e-14)
double converge_tol_ckpt(double x, int n) CONVERGE(CK4, 1e-14)
double continue_taped(double x, int n) CONTINUE()
double continue_ckpt(double x, int n) CONTINUE(CK4)
double state_taped(double x, const std::vector<double> &w, int n) STATE()
double state_ckpt(double x, const std::vector<double> &w, int n) STATE(CK4)
double vec_taped(const std::vector<double> &xs, int n) VEC()
double vec_ckpt(const std::vector<double> &xs, int n) VEC(CK4)
double calls_taped(double x, int n) CALLS()
double calls_ckpt(double x, int n) CALLS(CK4)
double fixed_point_taped(const std::vector<double> &xs) FIXED_POINT(, 1e-10)
double fixed_point_ckpt(const std::vector<double> &xs) FIXED_POINT(CK4, 1e-10)
double fixed_point_loose_taped(const std::vector<double> &xs)
    FIXED_POINT(, 1e-3)
double fixed_point_loose_ckpt(const std::vector<double> &xs)
    FIXED_POINT(CK4, 1e-3)
// Default budget (options::budget, 32 unless requested otherwise).
double while_default_ckpt(double x, int n) WHILE(CK)
double outer_index_taped(double x, int n) OUTER_INDEX()
double outer_index_ckpt(double x, int n) OUTER_INDEX(CK4)
// clang-format on

#define TWIN(f, mem, ...)                                                      \
  twin(std::string(#f) + "/n=" + std::to_string(n), mem,                       \
       tangent::grad<f##_taped>(), tangent::grad<f##_ckpt>(), __VA_ARGS__)

                int main() {
  const double x = 0.43;
  const std::vector<double> w{0.7, -0.5, 1.2, 0.3};
  const std::vector<double> xs = wave(8, 0.9);
  for (int n : {0, 1, 3, 5, 1000, 100000}) {
    // Small states: from 1000 iterations on, the full tape needs more 4 KiB
    // blocks than online checkpointing with 4 snapshots.
    const expect mem = n >= 1000 ? expect::less : expect::any;
    TWIN(while, mem, x, n);
    TWIN(do, mem, x, n);
    TWIN(for_break, mem, x, n);
    TWIN(for_data, mem, x, n);
    TWIN(return_only, mem, x, n);
    TWIN(return_mid, mem, x, n);
    TWIN(converge, mem, x, n);
    TWIN(continue, mem, x, n);
    TWIN(state, mem, x, w, n);
    TWIN(vec, mem, xs, n);
    TWIN(calls, mem, x, n);
    TWIN(outer_index, mem, x, n);
    // The same generator without its optimizations (activity,
    // to-be-recorded): still bitwise equal.
    twin("while/unoptimized/n=" + std::to_string(n), mem,
         tangent::grad<while_taped>(),
         tangent::grad<while_ckpt, options{.optimized = false}>(), x, n);
    twin("vec/unoptimized/n=" + std::to_string(n), mem,
         tangent::grad<vec_taped>(),
         tangent::grad<vec_ckpt, options{.optimized = false}>(), xs, n);
  }
  // The convergence loop stopped by its tolerance (about 60 iterations)
  // rather than by its maximum.
  {
    const int n = 1000000;
    TWIN(converge_tol, expect::any, x, n);
  }
  // W3: stopped by the tolerance alone (about 35 iterations).
  twin("fixed_point/tol=1e-10", expect::less,
       tangent::grad<fixed_point_taped>(), tangent::grad<fixed_point_ckpt>(),
       wave(300, 0.9));
  twin("fixed_point/tol=1e-3", expect::any,
       tangent::grad<fixed_point_loose_taped>(),
       tangent::grad<fixed_point_loose_ckpt>(), xs);

  // [[tangent::checkpoint]] without a budget: options::budget (32), around
  // it; and options{.budget = 4} on the same function.
  for (int n : {0, 1, 31, 32, 33, 1000}) {
    twin("while_default/budget=32/n=" + std::to_string(n), expect::any,
         tangent::grad<while_taped>(), tangent::grad<while_default_ckpt>(), x,
         n);
    twin("while_default/options.budget=4/n=" + std::to_string(n), expect::any,
         tangent::grad<while_taped>(),
         tangent::grad<while_default_ckpt, options{.budget = 4}>(), x, n);
  }
  // The explicit budget of the attribute wins over options::budget.
  twin("while/attribute(4)+options.budget=64", expect::any,
       tangent::grad<while_taped>(),
       tangent::grad<while_ckpt, options{.budget = 64}>(), x, 100);
  return summary();
}
