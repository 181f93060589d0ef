// Checkpointing: counted loops with constant trip counts under
// `options{.checkpoint = true}` (sqrt(n) segments). Every function is
// requested twice, with default options (full tape) and with checkpointing;
// the gradients must be bitwise equal and match finite differences (see
// twin.hpp).
//
// Covers every counted form (< <= > >= != with ++ -- += k -= k, int,
// long long, unsigned and std::size_t induction variables, literal,
// constexpr, template-parameter and flipped bounds), trip counts 99 / 100
// around min_length, a custom min_length, loop-carried state of every kind
// (scalars, std::vector, std::array, C array, an int that feeds a later
// index), calls to user functions, float, wrt subsets, optimized = false
// and grad_with_checkpointing.
#include "twin.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

using namespace ckpt_test;

constexpr options ck{.checkpoint = true};

// The induction variable enters every step, so a replay that runs an
// iteration with the wrong index changes the gradient.
#define STEP(y, i) y = 0.8 * y + 0.3 * std::sin(y + x * (1.0 + 0.001 * (i)))

double lt(double x) {
  double y = x;
  for (int i = 0; i < 300; ++i)
    STEP(y, i);
  return y * y;
}
double le(double x) {
  double y = x;
  for (int i = 1; i <= 300; ++i)
    STEP(y, i);
  return y * y;
}
double gt_dec(double x) {
  double y = x;
  for (int i = 300; i > 0; --i)
    STEP(y, i);
  return y * y;
}
double ge_dec(double x) {
  double y = x;
  for (int i = 299; i >= 0; --i)
    STEP(y, i);
  return y * y;
}
double ne_inc(double x) {
  double y = x;
  for (int i = 0; i != 300; ++i)
    STEP(y, i);
  return y * y;
}
double ne_dec(double x) {
  double y = x;
  for (int i = 300; i != 0; --i)
    STEP(y, i);
  return y * y;
}
// 2, 5, ..., 599: 200 iterations, the bound not on the stride.
double step3(double x) {
  double y = x;
  for (int i = 2; i < 600; i += 3)
    STEP(y, i);
  return y * y;
}
// 401, 399, ..., 1: 201 iterations.
double step_m2(double x) {
  double y = x;
  for (int i = 401; i > 0; i -= 2)
    STEP(y, i);
  return y * y;
}
// 400, 398, ..., 2: 200 iterations (>= with a stride).
double step_m2_ge(double x) {
  double y = x;
  for (int i = 400; i >= 1; i -= 2)
    STEP(y, i);
  return y * y;
}
// <= with a stride: 0, 4, ..., 800: 201 iterations.
double step4_le(double x) {
  double y = x;
  for (int i = 0; i <= 800; i += 4)
    STEP(y, i);
  return y * y;
}
double size_t_lt(double x) {
  double y = x;
  for (std::size_t i = 0; i < 256; ++i)
    STEP(y, static_cast<double>(i));
  return y * y;
}
// Unsigned, counting down to 1 (i >= 1, never wraps).
double size_t_ge_dec(double x) {
  double y = x;
  for (std::size_t i = 300; i >= 1; --i)
    STEP(y, static_cast<double>(i));
  return y * y;
}
// 300, 297, ..., 3: 100 iterations; unsigned with a negative stride.
double size_t_m3(double x) {
  double y = x;
  for (std::size_t i = 300; i > 2; i -= 3)
    STEP(y, static_cast<double>(i));
  return y * y;
}
double long_long_le(double x) {
  double y = x;
  for (long long i = -150; i <= 150; ++i)
    STEP(y, static_cast<double>(i));
  return y * y;
}
double unsigned_ne(double x) {
  double y = x;
  for (unsigned i = 5; i != 305; ++i)
    STEP(y, static_cast<double>(i));
  return y * y;
}
// bound < i: the comparison written the other way round.
double flipped(double x) {
  double y = x;
  for (int i = 0; 300 > i; ++i)
    STEP(y, i);
  return y * y;
}

constexpr int kSteps = 250;
double constexpr_global(double x) {
  double y = x;
  for (int i = 0; i < kSteps; ++i)
    STEP(y, i);
  return y * y;
}
double constexpr_local(double x) {
  constexpr int steps = 250;
  double y = x;
  for (int i = 0; i < steps; ++i)
    STEP(y, i);
  return y * y;
}
template <int T> double template_bound(double x) {
  double y = x;
  for (int i = 0; i < T; ++i)
    STEP(y, i);
  return y * y;
}

// Exactly min_length: eligible. 99: not eligible (fully taped either way).
// A vector state (64 doubles) makes the memory of the two strategies
// distinguishable at the tape's 4 KiB granularity.
double hundred(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  for (int t = 0; t < 100; ++t)
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(0.9 * s[j] + x[j] + 0.001 * t);
  double r = 0.0;
  for (std::size_t j = 0; j < x.size(); ++j)
    r += s[j] * (1.0 + 0.1 * j);
  return r;
}
double ninety_nine(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  for (int t = 0; t < 99; ++t)
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(0.9 * s[j] + x[j] + 0.001 * t);
  double r = 0.0;
  for (std::size_t j = 0; j < x.size(); ++j)
    r += s[j] * (1.0 + 0.1 * j);
  return r;
}
// 50 iterations: eligible with min_length = 10 only.
double fifty(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  for (int t = 0; t < 50; ++t)
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(0.9 * s[j] + x[j] + 0.001 * t);
  double r = 0.0;
  for (std::size_t j = 0; j < x.size(); ++j)
    r += s[j] * (1.0 + 0.1 * j);
  return r;
}

// Loop-carried state.

// Several scalars (a damped rotation), the induction variable unused.
double scalars(double x, double z) {
  double a = x, b = z, c = 0.0;
  for (int i = 0; i < 500; ++i) {
    const double a2 = 0.6 * a - 0.5 * b + 0.1 * std::sin(c);
    const double b2 = 0.5 * a + 0.6 * b;
    c = 0.9 * c + 0.05 * a * b;
    a = a2;
    b = b2;
  }
  return a * b + c;
}

// std::vector state updated in place, neighbours coupled; a whole-vector
// assignment from a temporary every iteration.
double vec_state(const std::vector<double> &x) {
  const std::size_t n = x.size();
  std::vector<double> s(n, 0.0);
  std::vector<double> next(n, 0.0);
  for (int t = 0; t < 400; ++t) {
    for (std::size_t j = 0; j < n; ++j)
      next[j] = std::tanh(0.7 * s[j] + 0.2 * s[(j + 1) % n] + x[j]);
    s = next;
  }
  double r = 0.0;
  for (std::size_t j = 0; j < n; ++j)
    r += s[j] * s[j];
  return r;
}

double array_state(const std::array<double, 4> &x) {
  std::array<double, 4> s{0.1, 0.2, 0.3, 0.4};
  for (int t = 0; t < 300; ++t)
    for (int j = 0; j < 4; ++j)
      s[j] = 0.5 * s[j] + 0.4 * std::cos(s[(j + 3) % 4] - x[j]);
  return s[0] * s[1] + s[2] * s[3];
}

double c_array_state(const std::vector<double> &x) {
  double s[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
  for (int t = 0; t < 300; ++t)
    for (int j = 0; j < 5; ++j)
      s[j] = 0.6 * s[j] + 0.3 * std::sin(s[(j + 1) % 5] + x[j]);
  double r = 0.0;
  for (int j = 0; j < 5; ++j)
    r += s[j] * (j + 1.0);
  return r;
}

// An int carried through the loop picks the weight of each step and, after
// the loop, the final weight.
double int_index(double x, const std::vector<double> &w) {
  double y = x;
  int idx = 0;
  for (int i = 0; i < 300; ++i) {
    y = 0.7 * y + 0.2 * w[idx] * std::sin(y + x);
    idx = (idx + 3) % 5;
  }
  return y * w[idx] + w[(idx + 1) % 5];
}

// A data-dependent int: how many steps had y above a threshold; it picks an
// entry after the loop. (Evaluation points keep y away from the threshold.)
double int_count(double x, const std::vector<double> &w) {
  double y = x;
  int count = 0;
  for (int i = 0; i < 200; ++i) {
    y = 0.9 * y + 0.1 * std::cos(3.0 * y + 0.05 * i);
    if (y > 0.0)
      ++count;
  }
  return y * w[count % 4];
}

// The induction variable's last value, carried out of the loop in a local
// (the language does not let a counted loop's induction variable outlive
// it).
double last_index(double x) {
  double y = x;
  int last = -1;
  for (int i = 0; i < 150; ++i) {
    STEP(y, i);
    last = i;
  }
  return y * (last + 1);
}

// Calls to user functions inside the loop.
double step_fn(double y, double x) { return 0.8 * y + 0.3 * std::sin(y + x); }

void rhs(const std::vector<double> &u, std::vector<double> &du) {
  const std::size_t n = u.size();
  for (std::size_t i = 0; i < n; ++i)
    du[i] = 0.4 * std::sin(u[(i + 1) % n]) - 0.5 * u[i];
}

double inner_sum(const std::vector<double> &u, double scale) {
  double s = 0.0;
  for (std::size_t i = 0; i < u.size(); ++i)
    s += scale * u[i] * u[i];
  return s;
}

double calls(const std::vector<double> &u0, double x) {
  std::vector<double> u(u0);
  std::vector<double> du(u0.size(), 0.0);
  double acc = 0.0;
  for (int t = 0; t < 200; ++t) {
    rhs(u, du);
    for (std::size_t i = 0; i < u.size(); ++i)
      u[i] = u[i] + 0.1 * du[i];
    acc = step_fn(acc, x) + 0.01 * inner_sum(u, x);
  }
  return acc + inner_sum(u, 1.0);
}

float float_loop(float x) {
  float y = x;
  for (int i = 0; i < 300; ++i)
    y = 0.8f * y + 0.3f * std::sin(y + x);
  return y * y;
}

// wrt subset: only the second parameter.
double two_params(double x, double z) {
  double y = x;
  for (int i = 0; i < 200; ++i)
    y = 0.8 * y + 0.3 * std::sin(y * z + x);
  return y * z;
}

// Two checkpointed loops in a row, and a reverse sweep that needs the values
// the first loop left (b's reverse reads a after the first loop).
double two_loops(double x) {
  double a = x;
  for (int i = 0; i < 150; ++i)
    a = 0.9 * a + 0.1 * std::sin(a * x);
  double b = a * a;
  for (int i = 0; i < 150; ++i)
    b = 0.8 * b + 0.2 * std::cos(b + a);
  return a * b;
}

// W1's shape, 1000 steps, with a contraction (0.9 instead of W1's 1.01, whose
// fixed points bifurcate near x_j = 0 and defeat finite differences).
double long_vec(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  for (int t = 0; t < 1000; ++t)
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(0.9 * s[j] + x[j]);
  double r = 0.0;
  for (std::size_t j = 0; j < x.size(); ++j)
    r += s[j];
  return r;
}

// The requests must be visible in main (a request made only inside a
// function template instantiated at the end of the translation unit is not
// seen by the plugin; docs/capabilities.md, "Known limits"), hence a macro.
#define PAIR(f, name, mem, ...)                                                \
  twin(name, mem, tangent::grad<f>(), tangent::grad<f, ck>(), __VA_ARGS__)

int main() {
  const double x = 0.37;
  // Scalar loops: 100..301 iterations of 8 bytes; the tape's 4 KiB blocks
  // hide the difference, so memory is checked on the vector cases below.
  PAIR(lt, "lt", expect::any, x);
  PAIR(le, "le", expect::any, x);
  PAIR(gt_dec, "gt_dec", expect::any, x);
  PAIR(ge_dec, "ge_dec", expect::any, x);
  PAIR(ne_inc, "ne_inc", expect::any, x);
  PAIR(ne_dec, "ne_dec", expect::any, x);
  PAIR(step3, "step3", expect::any, x);
  PAIR(step_m2, "step_m2", expect::any, x);
  PAIR(step_m2_ge, "step_m2_ge", expect::any, x);
  PAIR(step4_le, "step4_le", expect::any, x);
  PAIR(size_t_lt, "size_t_lt", expect::any, x);
  PAIR(size_t_ge_dec, "size_t_ge_dec", expect::any, x);
  PAIR(size_t_m3, "size_t_m3", expect::any, x);
  PAIR(long_long_le, "long_long_le", expect::any, x);
  PAIR(unsigned_ne, "unsigned_ne", expect::any, x);
  PAIR(flipped, "flipped", expect::any, x);
  PAIR(constexpr_global, "constexpr_global", expect::any, x);
  PAIR(constexpr_local, "constexpr_local", expect::any, x);
  PAIR(template_bound<240>, "template_bound", expect::any, x);

  const std::vector<double> x64 = wave(64);
  PAIR(hundred, "hundred(min_length)", expect::less, x64);
  PAIR(ninety_nine, "ninety_nine(<min_length)", expect::same, x64);
  PAIR(fifty, "fifty(<min_length)", expect::same, x64);
  twin("fifty/min_length=10", expect::less, tangent::grad<fifty>(),
       tangent::grad<fifty, options{.checkpoint = true, .min_length = 10}>(),
       x64);
  // min_length above the trip count: not eligible.
  twin("hundred/min_length=101", expect::same, tangent::grad<hundred>(),
       tangent::grad<hundred, options{.checkpoint = true, .min_length = 101}>(),
       x64);

  PAIR(scalars, "scalars", expect::any, 0.4, -0.3);
  PAIR(vec_state, "vec_state", expect::less, wave(40));
  PAIR(array_state, "array_state", expect::any,
       std::array<double, 4>{0.3, -0.2, 0.5, 0.1});
  PAIR(c_array_state, "c_array_state", expect::any, wave(5));
  const std::vector<double> w{0.9, -0.4, 0.7, 1.1, 0.3};
  PAIR(int_index, "int_index", expect::any, 0.45, w);
  PAIR(int_count, "int_count", expect::any, 0.2, w);
  PAIR(last_index, "last_index", expect::any, x);
  PAIR(calls, "calls", expect::less, wave(16, 0.5), 0.3);
  PAIR(float_loop, "float", expect::any, 0.37f);
  twin("two_params/wrt(1)", expect::any,
       tangent::grad<two_params, options{.wrt = tangent::wrt_params(1)}>(),
       tangent::grad<two_params, options{.checkpoint = true,
                                         .wrt = tangent::wrt_params(1)}>(),
       0.3, 0.9);
  PAIR(two_loops, "two_loops", expect::any, 0.6);
  PAIR(long_vec, "long_vec", expect::less, wave(200));
  twin("vec_state/unoptimized", expect::less, tangent::grad<vec_state>(),
       tangent::grad<vec_state,
                     options{.checkpoint = true, .optimized = false}>(),
       wave(40));
  twin("int_index/unoptimized", expect::any, tangent::grad<int_index>(),
       tangent::grad<int_index,
                     options{.checkpoint = true, .optimized = false}>(),
       0.45, std::vector<double>{0.9, -0.4, 0.7, 1.1, 0.3});

  // grad_with_checkpointing<f>() is grad<f, {.checkpoint = true}>().
  {
    auto g = tangent::grad_with_checkpointing<long_vec>();
    static_assert(
        std::is_same_v<decltype(g), decltype(tangent::grad<long_vec, ck>())>);
    twin("grad_with_checkpointing/long_vec", expect::less,
         tangent::grad<long_vec>(), g, wave(200));
    twin("grad_with_checkpointing/calls", expect::less, tangent::grad<calls>(),
         tangent::grad_with_checkpointing<calls>(), wave(16, 0.5), 0.3);
  }
  return summary();
}
