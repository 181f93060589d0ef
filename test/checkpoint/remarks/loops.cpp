// Input of the remarks test (run_remarks.sh): compiled with
// -fplugin-arg-tangent-remarks -fsyntax-only. Every loop of every requested
// function is marked, on the line of its loop keyword, with a trailing
// comment REMARK: followed by the remark text it must get; the runner checks
// that each marked line gets exactly that remark
// ("loops.cpp:<line>:<col>: remark: tangent: <text>") and that no other line
// gets one. Each function is requested once.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstddef>
#include <vector>

double short_loop(double x) {
  double y = x;
  for (int i = 0; i < 50; ++i) // REMARK: for loop in 'short_loop' fully taped: trip count 50 < min_length 100 [grad<short_loop, options{.checkpoint = true}>]
    y = 0.9 * y + 0.1 * std::sin(y + x);
  return y;
}

double ninety_nine(double x) {
  double y = x;
  for (int i = 0; i < 99; ++i) // REMARK: for loop in 'ninety_nine' fully taped: trip count 99 < min_length 100 [grad<ninety_nine, options{.checkpoint = true}>]
    y = 0.9 * y + 0.1 * std::sin(y + x);
  return y;
}

double hundred(double x) {
  double y = x;
  for (int i = 0; i < 100; ++i) // REMARK: for loop in 'hundred' checkpointed (sqrt(n) segments): counted loop, 100 iterations: sqrt(n) segments [grad<hundred, options{.checkpoint = true}>]
    y = 0.9 * y + 0.1 * std::sin(y + x);
  return y;
}

double fifty_min10(double x) {
  double y = x;
  for (int i = 50; i > 0; --i) // REMARK: for loop in 'fifty_min10' checkpointed (sqrt(n) segments): counted loop, 50 iterations: sqrt(n) segments [grad<fifty_min10, options{.checkpoint = true, .min_length = 10}>]
    y = 0.9 * y + 0.1 * std::sin(y + x);
  return y;
}

double rollout(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  for (int t = 0; t < 2000; ++t) // REMARK: for loop in 'rollout' checkpointed (sqrt(n) segments): counted loop, 2000 iterations: sqrt(n) segments [grad<rollout, options{.checkpoint = true}>]
    for (std::size_t j = 0; j < x.size(); ++j) // REMARK: for loop in 'rollout' fully taped: taped within each replay of the checkpointed loop at line 44 [grad<rollout, options{.checkpoint = true}>]
      s[j] = std::tanh(1.01 * s[j] + x[j]);
  double r = 0.0;
  for (std::size_t j = 0; j < x.size(); ++j) // REMARK: for loop in 'rollout' fully taped: bound not constant; annotate with [[tangent::checkpoint]] to checkpoint it [grad<rollout, options{.checkpoint = true}>]
    r += s[j];
  return r;
}

double runtime_bound(double x, int n) {
  double y = x;
  for (int i = 0; i < n; ++i) // REMARK: for loop in 'runtime_bound' fully taped: bound not constant; annotate with [[tangent::checkpoint]] to checkpoint it [grad<runtime_bound, options{.checkpoint = true}>]
    y = 0.9 * y + 0.1 * std::sin(y + x);
  return y;
}

double annotated_bound(double x, int n) {
  double y = x;
  [[tangent::checkpoint]] for (int i = 0; i < n; ++i) // REMARK: for loop in 'annotated_bound' checkpointed (sqrt(n) segments): counted loop under [[tangent::checkpoint]]: sqrt(n) segments [grad<annotated_bound>]
    y = 0.9 * y + 0.1 * std::sin(y + x);
  return y;
}

double scatter(const double *x, double *out, int n) {
  double y = 0.0;
  [[tangent::checkpoint]] for (int i = 0; i < n; ++i) { // REMARK: for loop in 'scatter' fully taped: pointer state of unknown extent ('out') [grad<scatter>]
    y = 0.9 * y + 0.1 * std::sin(x[i]);
    out[i] = y;
  }
  return y;
}

double fixed_point(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0), next(x.size(), 0.0);
  double err = 1.0;
  [[tangent::checkpoint(8)]]
  while (err > 1e-10) { // REMARK: while loop in 'fixed_point' checkpointed (online): trip count unknown under [[tangent::checkpoint]]: online checkpointing, budget 8 [grad<fixed_point>]
    err = 0.0;
    for (std::size_t j = 0; j < x.size(); ++j) { // REMARK: for loop in 'fixed_point' fully taped: taped within each replay of the checkpointed loop at line 80 [grad<fixed_point>]
      next[j] = 0.5 * std::tanh(0.9 * s[j] + x[j]);
      err += std::fabs(next[j] - s[j]);
    }
    s = next;
  }
  double r = 0.0;
  for (std::size_t j = 0; j < s.size(); ++j) // REMARK: for loop in 'fixed_point' fully taped: checkpointing not requested [grad<fixed_point>]
    r += s[j] * s[j];
  return r;
}

double default_budget(double x, int n) {
  double y = x;
  int k = 0;
  [[tangent::checkpoint]] do { // REMARK: do loop in 'default_budget' checkpointed (online): trip count unknown under [[tangent::checkpoint]]: online checkpointing, budget 32 [grad<default_budget>]
    y = 0.9 * y + 0.1 * std::sin(y + x);
  } while (++k < n);
  return y;
}

double option_budget(double x, int n) {
  double y = x;
  [[tangent::checkpoint]] for (int i = 0; i < n; ++i) { // REMARK: for loop in 'option_budget' checkpointed (online): trip count unknown under [[tangent::checkpoint]]: online checkpointing, budget 4 [grad<option_budget, options{.budget = 4}>]
    y = 0.9 * y + 0.1 * std::sin(y + x);
    if (y > 1e100)
      break;
  }
  return y;
}

double option_while(double x, int n) {
  double y = x;
  int k = 0;
  while (k < n) { // REMARK: while loop in 'option_while' fully taped: not a counted loop (no integer induction variable with invariant bounds); annotate with [[tangent::checkpoint]] for online checkpointing [grad<option_while, options{.checkpoint = true}>]
    y = 0.9 * y + 0.1 * std::sin(y + x);
    ++k;
  }
  return y;
}

double option_break(double x) {
  double y = x;
  for (int i = 0; i < 500; ++i) { // REMARK: for loop in 'option_break' fully taped: trip count unknown (break, return or a condition with side effects); annotate with [[tangent::checkpoint]] for online checkpointing [grad<option_break, options{.checkpoint = true}>]
    y = 0.9 * y + 0.1 * std::sin(y + x);
    if (y > 1e100)
      break;
  }
  return y;
}

double c_array_online(double x, int n) {
  double s[2] = {x, 0.0};
  int k = 0;
  [[tangent::checkpoint]] while (k < n) { // REMARK: while loop in 'c_array_online' fully taped: C array 's' in the state of a loop of unknown trip count (use std::array) [grad<c_array_online>]
    s[1] = 0.5 * s[1] + std::sin(s[0]);
    s[0] = 0.9 * s[0];
    ++k;
  }
  return s[0] + s[1];
}

double block(double x, int n) {
  double y = x;
  int k = 0;
  [[tangent::checkpoint]] {
    for (int i = 0; i < n; ++i) // REMARK: for loop in 'block' checkpointed (sqrt(n) segments): counted loop under [[tangent::checkpoint]]: sqrt(n) segments [grad<block>]
      y = 0.9 * y + 0.1 * std::sin(y + x);
    while (k < n) { // REMARK: while loop in 'block' checkpointed (online): trip count unknown under [[tangent::checkpoint]]: online checkpointing, budget 32 [grad<block>]
      y = 0.8 * y;
      ++k;
    }
  }
  return y;
}

double inner_annotated(double x, int n) {
  double y = x;
  for (int t = 0; t < 300; ++t) // REMARK: for loop in 'inner_annotated' checkpointed (sqrt(n) segments): counted loop, 300 iterations: sqrt(n) segments [grad<inner_annotated, options{.checkpoint = true}>]
    [[tangent::checkpoint]] for (int i = 0; i < n; ++i) // REMARK: for loop in 'inner_annotated' checkpointed (sqrt(n) segments): counted loop under [[tangent::checkpoint]]: sqrt(n) segments [grad<inner_annotated, options{.checkpoint = true}>]
      y = 0.9 * y + 0.1 * std::sin(y + x);
  return y;
}

double nested_not_requested(double x) {
  double y = x;
  for (int t = 0; t < 300; ++t) // REMARK: for loop in 'nested_not_requested' fully taped: checkpointing not requested [grad<nested_not_requested>]
    [[tangent::checkpoint(5)]] for (int i = 0; i < t % 3; ++i) // REMARK: for loop in 'nested_not_requested' checkpointed (sqrt(n) segments): counted loop under [[tangent::checkpoint]]: sqrt(n) segments [grad<nested_not_requested>]
      y = 0.9 * y + 0.1 * std::sin(y + x);
  return y;
}

// The macro spelling, silent for plain compilers: the same decisions, the
// budget read where the macro is written.
double macro_spelling(double x, int n) {
  double y = x;
  TANGENT_CHECKPOINT() for (int i = 0; i < n; ++i) // REMARK: for loop in 'macro_spelling' checkpointed (sqrt(n) segments): counted loop under [[tangent::checkpoint]]: sqrt(n) segments [grad<macro_spelling>]
    y = 0.9 * y + 0.1 * std::sin(y + x);
  TANGENT_CHECKPOINT(4) while (y < 10.0) // REMARK: while loop in 'macro_spelling' checkpointed (online): trip count unknown under [[tangent::checkpoint]]: online checkpointing, budget 4 [grad<macro_spelling>]
    y = y * 1.5 + x;
  return y;
}

// TANGENT_CHECKPOINT inside a user's macro: the budget where it is written.
#define MY_CHECKPOINT(n) TANGENT_CHECKPOINT(n)
double macro_in_macro(double x) {
  double y = x;
  MY_CHECKPOINT(5) while (y < 10.0) // REMARK: while loop in 'macro_in_macro' checkpointed (online): trip count unknown under [[tangent::checkpoint]]: online checkpointing, budget 5 [grad<macro_in_macro>]
    y = y * 1.5 + x;
  return y;
}

// Under a memory budget: every counted loop decides at run time; a loop
// inside it is taped within its replays; a while loop is taped while it
// fits, then checkpointed online.
double budgeted(double x, int n) {
  double y = x;
  for (int i = 0; i < n; ++i) { // REMARK: for loop in 'budgeted' reversed within the memory budget: counted loop under memory_budget = 100000 bytes: full tape, sqrt(n) segments, binomial or snapshots spilled to files, whichever fits when the loop starts (one iteration's tape measured on the first) [grad<budgeted, options{.memory_budget = 100000}>]
    for (int j = 0; j < 3; ++j) // REMARK: for loop in 'budgeted' fully taped: taped within each replay of the checkpointed loop at line 199 [grad<budgeted, options{.memory_budget = 100000}>]
      y = std::sin(y) + 0.1 * x;
  }
  while (y > 1.0) // REMARK: while loop in 'budgeted' reversed within the memory budget: trip count unknown under memory_budget = 100000 bytes: iterations taped while the budget keeps room for online checkpointing with budget 32 after them, then online checkpointing with as many snapshots as fit (in files if none does) [grad<budgeted, options{.memory_budget = 100000}>]
    y *= 0.5;
  return y;
}

// Parallel replay (options.threads): a counted loop whose segments a helper
// thread replays; loops that keep the replay on this thread, and why.
double threaded(double x) {
  double y = x;
  for (int i = 0; i < 200; ++i) // REMARK: for loop in 'threaded' checkpointed (sqrt(n) segments, replayed on a helper thread): counted loop, 200 iterations: sqrt(n) segments; the last segment taped in the forward sweep, the others replayed by a helper thread (threads = 4: one helper is used) [grad<threaded, options{.checkpoint = true, .threads = 4}>]
    y = std::sin(y) + 0.1 * x;
  return y;
}
double threaded_nested(double x, int n) {
  double y = x;
  for (int i = 0; i < 200; ++i) { // REMARK: for loop in 'threaded_nested' checkpointed (sqrt(n) segments): counted loop, 200 iterations: sqrt(n) segments; replayed on this thread (threads = 2): a checkpointed loop inside it [grad<threaded_nested, options{.checkpoint = true, .threads = 2}>]
    [[tangent::checkpoint]] for (int j = 0; j < n; ++j) // REMARK: for loop in 'threaded_nested' checkpointed (sqrt(n) segments): counted loop under [[tangent::checkpoint]]: sqrt(n) segments; replayed on this thread (threads = 2): inside the checkpointed loop at line 218 [grad<threaded_nested, options{.checkpoint = true, .threads = 2}>]
      y = std::sin(y) + 0.1 * x;
  }
  return y;
}
double threaded_c_array(double x) {
  double a[2] = {x, 0.0};
  for (int i = 0; i < 200; ++i) { // REMARK: for loop in 'threaded_c_array' checkpointed (sqrt(n) segments): counted loop, 200 iterations: sqrt(n) segments; replayed on this thread (threads = 2): C array 'a' written in it (use std::array) [grad<threaded_c_array, options{.checkpoint = true, .threads = 2}>]
    a[1] = std::sin(a[0]);
    a[0] = a[1] + 0.1 * x;
  }
  return a[0];
}
double christianson(const std::vector<double> &p) {
  std::vector<double> x(p.size(), 0.0);
  double err = 1.0;
  [[tangent::fixed_point]] while (err > 1e-12) { // REMARK: while loop in 'christianson' differentiated as a fixed point: [[tangent::fixed_point]]: iterations untaped; the reverse sweep iterates the adjoint fixed point at the final state (one iteration's tape, as many iterations as the loop ran), snapshot {x, xn} [grad<christianson, options{.memory_budget = 100000}>]
    err = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) { // REMARK: for loop in 'christianson' fully taped: taped within each replay of the checkpointed loop at line 235 [grad<christianson, options{.memory_budget = 100000}>]
      const double xn = 0.5 * std::cos(x[i]) + p[i];
      err += std::fabs(xn - x[i]);
      x[i] = xn;
    }
  }
  return x[0];
}

// A time loop whose iterations record about as much as the state they start
// from: fully taped since its inner loops over `u.size()` are counted (no
// trip counts recorded, so recording no longer costs more than recomputing;
// before, recomputed); the same with
// `.recompute = false`: fully taped.
void fill_rate(const std::vector<double> &u, std::vector<double> &du) {
  for (std::size_t i = 0; i < u.size(); ++i) // REMARK: for loop in 'fill_rate' fully taped: loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]] [callee: the same for every request]
    du[i] = 0.5 * u[i] * u[i];
}
double recomputed(const std::vector<double> &u0) {
  std::vector<double> u(u0), k(u0.size(), 0.0), v(u0.size(), 0.0);
  for (int t = 0; t < 100; ++t) { // REMARK: for loop in 'recomputed' fully taped: checkpointing not requested [grad<recomputed>]
    fill_rate(u, k);
    for (std::size_t i = 0; i < u.size(); ++i) // REMARK: for loop in 'recomputed' fully taped: checkpointing not requested [grad<recomputed>]
      v[i] = u[i] * (1.0 + 0.1 * k[i]);
    for (std::size_t i = 0; i < u.size(); ++i) // REMARK: for loop in 'recomputed' fully taped: checkpointing not requested [grad<recomputed>]
      u[i] = 0.9 * v[i];
  }
  return u[0];
}
double not_recomputed(const std::vector<double> &u0) {
  std::vector<double> u(u0), k(u0.size(), 0.0), v(u0.size(), 0.0);
  for (int t = 0; t < 100; ++t) { // REMARK: for loop in 'not_recomputed' fully taped: checkpointing not requested [grad<not_recomputed, options{.recompute = false}>]
    fill_rate(u, k);
    for (std::size_t i = 0; i < u.size(); ++i) // REMARK: for loop in 'not_recomputed' fully taped: checkpointing not requested [grad<not_recomputed, options{.recompute = false}>]
      v[i] = u[i] * (1.0 + 0.1 * k[i]);
    for (std::size_t i = 0; i < u.size(); ++i) // REMARK: for loop in 'not_recomputed' fully taped: checkpointing not requested [grad<not_recomputed, options{.recompute = false}>]
      u[i] = 0.9 * v[i];
  }
  return u[0];
}

int main() {
  using tangent::options;
  constexpr options ck{.checkpoint = true};
  (void)tangent::grad<short_loop, ck>();
  (void)tangent::grad<ninety_nine, ck>();
  (void)tangent::grad<hundred, ck>();
  (void)tangent::grad<fifty_min10, options{.checkpoint = true, .min_length = 10}>();
  (void)tangent::grad<rollout, ck>();
  (void)tangent::grad<runtime_bound, ck>();
  (void)tangent::grad<annotated_bound>();
  (void)tangent::grad<scatter>();
  (void)tangent::grad<fixed_point>();
  (void)tangent::grad<default_budget>();
  (void)tangent::grad<option_budget, options{.budget = 4}>();
  (void)tangent::grad<option_while, ck>();
  (void)tangent::grad<option_break, ck>();
  (void)tangent::grad<c_array_online>();
  (void)tangent::grad<block>();
  (void)tangent::grad<inner_annotated, ck>();
  (void)tangent::grad<nested_not_requested>();
  (void)tangent::grad<macro_spelling>();
  (void)tangent::grad<macro_in_macro>();
  (void)tangent::grad<budgeted, options{.memory_budget = 100000}>();
  (void)tangent::grad<threaded, options{.checkpoint = true, .threads = 4}>();
  (void)tangent::grad<threaded_nested,
                      options{.checkpoint = true, .threads = 2}>();
  (void)tangent::grad<threaded_c_array,
                      options{.checkpoint = true, .threads = 2}>();
  (void)tangent::grad<christianson, options{.memory_budget = 100000}>();
  (void)tangent::grad<recomputed>();
  (void)tangent::grad<not_recomputed, options{.recompute = false}>();
  return 0;
}
