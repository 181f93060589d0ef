// Regression cases of defects a new user hit, each checked against finite
// differences: custom derivatives matched by the function's namespace,
// assignments through a conditional target, recursion through computed
// arguments, helpers without parameters and library constants, value-
// initialized arrays, and the findings of the differential fuzz test. The
// library's bounds checks are on, so that an out-of-bounds element access in
// generated code stops the program.
#define _GLIBCXX_ASSERTIONS 1
#include "check.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <vector>

// --- custom derivatives are matched by namespace ---------------------------
// A rule written for a::f was used for an unrelated b::f (gradient 10
// instead of 3).
namespace a {
double f(double x) { return x * x; }
} // namespace a
namespace b {
double f(double x) { return 3.0 * x; }
} // namespace b
namespace tangent::custom::a {
// Deliberately 5x the true derivative 2x: proves it is used for a::f.
inline void f_pullback(double x, double *d_x, double d_result) {
  *d_x += 5.0 * 2.0 * x * d_result;
}
} // namespace tangent::custom::a
double uses_a(double x) { return a::f(x); }
double uses_b(double x) { return b::f(x); }

// The case: a rule written as tangent::custom::g_pullback (the
// global namespace's) while only c::g and d::g exist. It used to serve both;
// now it serves neither (a warning says so) and their bodies are
// differentiated.
namespace c {
double g(double x) { return x * x * x; }
} // namespace c
namespace d {
double g(double x) { return 3.0 * x; }
} // namespace d
namespace tangent::custom {
inline void g_pullback(double x, double *d_x, double d_result) {
  *d_x += 10.0 * x * d_result;
}
} // namespace tangent::custom
double uses_c_and_d(double x) { return c::g(x) + d::g(x); }

// --- assignment through a conditional target -------------------------------
// `(x > y ? a : b) = ...` wrote a temporary, not a or b.
double cond_target(double x, double y) {
  double a = 1.0, b = 2.0;
  (x > y ? a : b) = 3 * x;
  return a * y + b * x;
}
double cond_target_compound(double x, double y) {
  double t = 0.0;
  (x > y ? (t = x) : (t = y)) *= y;
  return t;
}
double cond_target_nested(double x, double y, double z) {
  double a = 0.5, b = 0.25, c = 0.125;
  (x > y ? a : (y > z ? b : c)) += x * z;
  double r = ((x < z ? a : c) = y * y);
  return a * b + c * r + a;
}
double cond_target_element(std::vector<double> v, double x) {
  (x > 0 ? v[0] : v[1]) -= x * v[2];
  return v[0] * v[1] + v[2];
}

// --- recursion through computed arguments ----------------------------------
// What a call records was read from the callee's analysis before it was
// final (0.6115 instead of 0.5045; "pop from an empty tape").
double iter_sin(double x, int n) {
  if (n == 0)
    return x;
  return iter_sin(std::sin(x), n - 1);
}
double use_iter_sin(double x) { return iter_sin(x, 3); }

double shrink(double x, double y) {
  if (x < 0)
    return x * y;
  return shrink(x - 1, y) + y;
}

double pong(double x, int n);
double ping(double x, int n) {
  if (n <= 0)
    return x;
  return pong(std::sin(x) + x, n - 1);
}
double pong(double x, int n) {
  if (n <= 0)
    return x * x;
  return ping(0.9 * x + std::cos(x), n - 1);
}
double use_ping(double x) { return ping(x, 5); }

// --- helpers without parameters, library constants -------------------------
// `two_reverse(, double d_result)` did not compile; numeric_limits was
// refused at a line inside <limits>.
double two() { return 2.0; }
double uses_two(double x) {
  return two() * x + std::numeric_limits<double>::epsilon() * x;
}
double clamp_inf(double x) {
  double lo = -std::numeric_limits<double>::infinity();
  return std::fmax(x, lo) * x + std::numeric_limits<double>::max() * 0.0;
}

// --- value-initialized arrays ----------------------------------------------
// `std::array<double, 3> b{}` was refused without a location.
double zero_array(double x) {
  std::array<double, 3> b{};
  double c{};
  b[1] = x;
  c += b[1] * x;
  return b[0] + b[1] * b[1] + b[2] + c;
}

// --- found by the differential fuzz test (test/fuzz) -----------------------
// Two in-out arguments were restored in push order, not pop order.
void scale_by(double &a, double &b) { a = a * b; }
double inout_two(double x, double y) {
  double a = x;
  double b = y;
  double c = a * b * b;
  scale_by(a, b);
  return a + c;
}
double weigh(double &p, std::vector<double> &w) { return w[0] * p; }
double inout_mixed(double x, const std::vector<double> &v) {
  std::vector<double> w(v);
  double d = x;
  return weigh(d, w);
}
// `w = h(w, x)`: the callee's reverse read w after the result replaced it.
std::vector<double> bump(const std::vector<double> &p, double s) {
  std::vector<double> r(p);
  r[1] = s * p[1];
  return r;
}
double self_assign_from_call(double x, const std::vector<double> &v) {
  std::vector<double> w(v);
  w = bump(w, x);
  return w[1] * w[0];
}
// A case whose body is a block ending in `break` was refused.
double braced_case(double x, int n) {
  double y = x;
  switch (n % 3) {
  case 0: {
    double t = x * x;
    y = t + 1.0;
    break;
  }
  case 1: {
    y = std::sin(x);
  }
    [[fallthrough]];
  default:
    y = 3 * y;
    break;
  }
  return y;
}

// An inactive vector read by a callee's reverse is restored element by
// element; the restores read the index j of a loop of general form (w is
// constructed in the outer loop), which was not recorded: the reverse wrote
// w[w.size()] again and again (out of bounds).
double first_times(double &p, std::vector<double> q) { return p * q[0]; }
double restored_index(double x, double y) {
  double s = 0;
  for (int i = 0; i < 3; ++i) {
    std::vector<double> w(5);
    for (std::size_t j = 0; j < w.size(); ++j)
      w[j] = double(i + 1) * double(j + 1);
    s += first_times(y, w);
  }
  return s * x;
}

// Under a memory budget the replays of a loop read what its condition reads
// (w); a later loop writes w element by element, so its reverse restores
// w[i], which reads i: i was not recorded (chosen only with the loops), and
// the restores wrote w[w.size()] (out of bounds).
std::vector<double> waves(double p, const std::vector<double> &v) {
  std::vector<double> r(v.size());
  for (std::size_t i = 0; i < r.size(); ++i)
    r[i] = p + std::sin(v[i]);
  return r;
}
double condition_reads_later_written(double x, const std::vector<double> &v,
                                     int n) {
  std::vector<double> w = waves(x, v);
  int k = 0;
  double s = 0;
  do {
    double a = std::cos(x);
    for (std::size_t i = 0; i < v.size(); ++i)
      for (int t = 0; t < 4; ++t)
        a = 0.56 * a + 0.18 * std::sin(v[i] * x + a);
    s += a;
    ++k;
  } while (k < 3 && std::tan(x) > std::sin(w[n % 3]));
  for (int i = 0; i < static_cast<int>(w.size()); ++i)
    w[i] = 0.58 * w[i] + std::tanh(x);
  return s + x;
}

// A vector result overwritten by a later call whose value nothing reads in
// reverse: the callee's split reverse zeroed the result's adjoint at the size
// of a vector it never restored (0), and the next update of that adjoint
// wrote out of bounds (a silently wrong gradient without bounds checks).
std::vector<double> scaled(std::vector<double> p, double s) {
  p[0] = p[0] * s;
  p[1] = p[1] + s * s;
  return p;
}
void nudge(double &a, double b) { a = a * (1.0 + 0.1 * std::sin(b)); }
double reassigned(const std::vector<double> &v, double q) {
  std::vector<double> w1 = scaled(v, 0.3 / (1.5 + std::tanh(q)));
  double d = q;
  nudge(q, w1[1] - d);
  std::vector<double> w3 = scaled(w1, 0.67);
  w1 = scaled(v, std::tan(0.6 * std::tanh(w3[1])));
  return q + 0.5 * d;
}
double uses_reassigned(const std::vector<double> &v) {
  return reassigned(v, v[1]);
}

// An element passed to a callee that does not read that parameter in its
// reverse: in a callee's split reverse the vector was never restored, and
// the reverse call still passed w[0] of an empty vector (out of bounds).
double doubled_plus(double p, double q) {
  p = p * 2.0;
  return p + q * q;
}
double element_arg(double x, const std::vector<double> &v) {
  std::vector<double> w(4, v[0]);
  double r = doubled_plus(w[0], x);
  return r * x;
}
double calls_element_arg(double x, const std::vector<double> &v) {
  return element_arg(x, v) + x;
}

using namespace tangent_test;

// A value passed to a callee that also receives its variable by reference:
// the callee's reverse used to see the value the call left, and add the
// value's adjoint into the variable's mid-reverse (a wrong gradient).
void scale_by(std::vector<double> &m, double f) {
  for (std::size_t i = 0; i < m.size(); ++i)
    m[i] = f * m[i] * (i + 1);
}
double scaled_by_own_element(std::vector<double> m, double f) {
  scale_by(m, f);
  scale_by(m, m[0]);
  double s = 0;
  for (double e : m)
    s += e * e;
  return s;
}
void grow_by(double &a, double b) { a = a * b + b; }
double grown_by_itself(double x) {
  grow_by(x, x);
  return x * x;
}

// Several recorded values in one braced list (issue 11): the reverse popped
// them in the order they were pushed, so every element's adjoint used
// another element's value (the gradient was silently wrong).
double braced_recorded(double r, double t) {
  std::vector<double> p = {r * std::cos(t), r * std::sin(t), std::exp(r * t)};
  return p[0] * p[1] + p[2] * p[0];
}

// A callee returning std::array (accepted since forward mode needs it).
std::array<double, 2> polar_point(double r, double t) {
  return {r * std::cos(t), r * std::sin(t)};
}
// ... reassigned from a callee in a loop, fully taped and checkpointed.
std::array<double, 3> rotated(const std::array<double, 3> &a, double t) {
  return {a[0] * std::cos(t) - a[1] * std::sin(t),
          a[0] * std::sin(t) + a[1] * std::cos(t), a[2] * std::exp(0.1 * t)};
}
double spin(double t, double s) {
  std::array<double, 3> p{1.0, s, 0.5};
  for (int k = 0; k < 20; ++k)
    p = rotated(p, t * p[2]);
  return p[0] * p[1] + p[2];
}
double spin_checkpointed(double t, double s) {
  std::array<double, 3> p{1.0, s, 0.5};
  [[tangent::checkpoint]] for (int k = 0; k < 20; ++k)
    p = rotated(p, t * p[2]);
  return p[0] * p[1] + p[2];
}
double uses_polar(double r, double t) {
  std::array<double, 2> p = polar_point(r, t);
  std::array<double, 3> q{p[0], p[1], r * t};
  return p[0] * p[1] + q[2] * q[0] - std::tanh(q[1]);
}

int main() {
  check_custom("custom/namespace_a", tangent::grad<uses_a>()(1.5), 15.0, 3.0);
  check("custom/namespace_b", tangent::grad<uses_b>(), 1.5);
  check("custom/stray_rule_unused", tangent::grad<uses_c_and_d>(), 0.7);

  check("cond_target/then", tangent::grad<cond_target>(), 0.9, 0.4);
  check("cond_target/else", tangent::grad<cond_target>(), 0.2, 0.4);
  check_value_and_grad("cond_target/value", tangent::grad<cond_target>(), 0.9,
                       0.4);
  check("cond_target_compound/then", tangent::grad<cond_target_compound>(), 1.3,
        0.6);
  check("cond_target_compound/else", tangent::grad<cond_target_compound>(), 0.3,
        0.6);
  for (double x : {1.2, 0.2})
    for (double z : {0.1, 0.9})
      check("cond_target_nested", tangent::grad<cond_target_nested>(), x, 0.5,
            z);
  check("cond_target_element/pos", tangent::grad<cond_target_element>(),
        std::vector<double>{0.3, -0.4, 0.7}, 0.5);
  check("cond_target_element/neg", tangent::grad<cond_target_element>(),
        std::vector<double>{0.3, -0.4, 0.7}, -0.5);

  check("recursion/iter_sin", tangent::grad<use_iter_sin>(), 0.7);
  check("recursion/shrink", tangent::grad<shrink>(), 2.3, 0.8);
  check("recursion/ping_pong", tangent::grad<use_ping>(), 0.4);

  check("no_params/uses_two", tangent::grad<uses_two>(), 0.6);
  check("no_params/clamp_inf", tangent::grad<clamp_inf>(), 0.6);

  check("zero_array", tangent::grad<zero_array>(), 0.8);

  check("fuzz/inout_two", tangent::grad<inout_two>(), 2.0, 3.0);
  check("fuzz/inout_mixed", tangent::grad<inout_mixed>(), 0.25,
        std::vector<double>{1.0, 2.0, 3.0});
  check("fuzz/self_assign_from_call", tangent::grad<self_assign_from_call>(),
        0.5, std::vector<double>{1.0, 2.0, 3.0});
  for (int n : {0, 1, 2})
    check("fuzz/braced_case", tangent::grad<braced_case>(), 0.7, n);
  check("fuzz/restored_index", tangent::grad<restored_index>(), 0.5, 0.25);
  check("fuzz/reassigned_vector_result", tangent::grad<uses_reassigned>(),
        std::vector<double>{1.9, 1.87, 0.37, 0.28});
  check("fuzz/element_argument", tangent::grad<calls_element_arg>(), 0.6,
        std::vector<double>{1.3, 0.2});
  {
    constexpr tangent::options budget{.memory_budget = 2048};
    constexpr tangent::options taped{.recompute = false};
    const std::vector<double> v{0.3, -0.5, 0.8, 1.1};
    for (double x : {0.9, 1.2, -0.3}) {
      check("fuzz/condition_reads_later_written",
            tangent::grad<condition_reads_later_written, budget>(), x, v, 1);
      check_same(
          "fuzz/condition_reads_later_written == taped",
          tangent::grad<condition_reads_later_written, budget>()(x, v, 1),
          tangent::grad<condition_reads_later_written, taped>()(x, v, 1));
    }
  }
  check("aliased_argument/element", tangent::grad<scaled_by_own_element>(),
        std::vector<double>{0.3, 0.5}, 0.9);
  check("aliased_argument/variable", tangent::grad<grown_by_itself>(), 0.7);
  check("braced_recorded", tangent::grad<braced_recorded>(), 1.3, 0.4);
  check("array_result", tangent::grad<uses_polar>(), 1.3, 0.4);
  check("array_result/loop", tangent::grad<spin>(), 0.3, 0.7);
  check("array_result/checkpointed", tangent::grad<spin_checkpointed>(), 0.3,
        0.7);
  check_same("array_result/checkpointed == taped",
             tangent::grad<spin_checkpointed>()(0.3, 0.7),
             tangent::grad<spin>()(0.3, 0.7));
  return summary();
}
