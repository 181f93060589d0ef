// End-to-end: the std::vector operations that change a vector's size
// (push_back, emplace_back, insert at the end, pop_back, resize, clear,
// reserve) and its ends (back, front, empty), on vectors of numbers, on
// vector fields of objects and on vectors of objects, in plain and in
// checkpointed loops (bitwise equal to the full tape).
// Each gradient is checked against finite differences.
#include "check.hpp"

#include <cmath>
#include <vector>

// A trajectory recorded with push_back and read back at the end.
double trajectory(double x0, double v0, int steps) {
  std::vector<double> xs;
  xs.reserve(steps + 1);
  xs.push_back(x0);
  double x = x0, v = v0;
  for (int t = 0; t < steps; ++t) {
    v = v - 0.1 * std::sin(x);
    x = x + 0.1 * v;
    xs.push_back(x);
  }
  double s = 0;
  for (std::size_t i = 0; i < xs.size(); ++i)
    s += xs[i] * xs[i];
  return s + xs.back() * xs.front();
}

// A growing vector read while it grows (the value depends on the last
// element pushed).
double recurrence(double a, int n) {
  std::vector<double> v{a};
  for (int i = 0; i < n; ++i)
    v.push_back(std::cos(v.back()) + a * v[v.size() - 1]);
  return v.back() + v[v.size() / 2];
}

// emplace_back and insert at the end; an int converted on the way in.
double emplaced(double x, double y) {
  std::vector<double> v;
  v.emplace_back(x * y);
  v.insert(v.end(), std::exp(x));
  v.emplace_back(2);
  v.push_back(v[0] + v[1]);
  return v[0] * v[1] + v[2] * v[3] - v.back();
}

// pop_back drops what the reverse still needs (a stack).
double stack(std::vector<double> v, double w) {
  double s = 0;
  while (!v.empty()) {
    s = s * w + v.back() * v.back();
    v.pop_back();
  }
  v.push_back(s);
  return v.front() * w;
}

// resize: grow with zeros, grow with a value, shrink; then clear.
double resized(double x, double y) {
  std::vector<double> v(2, x);
  v.resize(4);
  v[3] = x * y;
  v.resize(6, y * y);
  double a = 0;
  for (double e : v)
    a += e * e;
  v.resize(3);
  double b = v[0] * v[2] + v.size();
  v.clear();
  v.push_back(a + b);
  return v[0] * v.size() + a * b;
}

// A vector shrunk and grown again in a loop: the shrink drops values that
// later iterations overwrite.
double shrink_grow(const std::vector<double> &u, double k, int rounds) {
  std::vector<double> w = u;
  for (int r = 0; r < rounds; ++r) {
    double last = w.back();
    w.pop_back();
    w.resize(w.size() + 1, k * last + w[0]);
    w[0] = std::sin(w[0]) * w.back();
  }
  double s = 0;
  for (double e : w)
    s += e;
  return s;
}

// Front and back as targets.
double ends_as_targets(std::vector<double> v, double x) {
  v.front() = x * v.back();
  v.back() += v.front() * x;
  v.front() *= 2.0;
  return v.front() + v.back() * v[1];
}

// An output vector the callee grows (by reference).
void append_squares(std::vector<double> &out, const std::vector<double> &in) {
  for (double e : in)
    out.push_back(e * e);
}
double callee_grows(const std::vector<double> &in, double x) {
  std::vector<double> out{x};
  append_squares(out, in);
  const std::vector<double> first = out;
  append_squares(out, first);
  double s = 0;
  for (double e : out)
    s += std::sqrt(e + 1.0);
  return s;
}

// A history field of an object, grown by a member function.
struct Recorder {
  std::vector<double> history;
  double gain = 0.5;
  void record(double x) { history.push_back(gain * x); }
  double total() const {
    double s = 0;
    for (double h : history)
      s += h * h;
    return s;
  }
};
double recorder(double x, int n) {
  Recorder r;
  for (int i = 0; i < n; ++i)
    r.record(x * (i + 1));
  r.history.pop_back();
  return r.total() + (r.history.empty() ? 0.0 : r.history.back());
}

// A vector of objects grown with push_back of braces, of a named object and
// of its own last element, read through back().
struct Body {
  double x, v;
};
double bodies(double x0, double v0, int n) {
  std::vector<Body> bs;
  bs.push_back(Body{x0, v0});
  for (int i = 0; i < n; ++i) {
    Body next{bs.back().x + 0.1 * bs.back().v, bs.back().v - 0.1 * bs.back().x};
    bs.push_back(next);
  }
  bs.push_back(bs.back());
  bs.back().v *= 2.0;
  double e = 0;
  for (const Body &b : bs)
    e += b.x * b.x + b.v * b.v;
  bs.pop_back();
  return e + bs.back().v + bs.front().x * bs.size();
}

// resize of a vector of objects with a value, clear, then emplace_back of
// an object.
double body_resize(double x, double v) {
  std::vector<Body> bs(1, Body{x, v});
  bs.resize(3, Body{v, x * v});
  double s = bs[2].x * bs[1].v + bs[0].x;
  bs.clear();
  bs.emplace_back(Body{s, s * x});
  return bs[0].v + bs.size();
}

// Checkpointed loops whose state grows: bitwise equal to the full tape.
double grown_checkpointed(double x, int n) {
  std::vector<double> h{x};
  [[tangent::checkpoint]] for (int t = 0; t < n; ++t) {
    h.push_back(std::sin(h.back()) + 0.5 * h[t]);
  }
  return h.back() * h[h.size() / 2];
}
double grown_taped(double x, int n) {
  std::vector<double> h{x};
  for (int t = 0; t < n; ++t) {
    h.push_back(std::sin(h.back()) + 0.5 * h[t]);
  }
  return h.back() * h[h.size() / 2];
}

// A convergence loop (online checkpointing) that pushes and pops.
double stack_online(double x) {
  std::vector<double> s{x};
  int k = 0;
  [[tangent::checkpoint(3)]] while (s.back() > 0.05 && k < 40) {
    s.push_back(0.7 * s.back() * std::cos(s.back()));
    if (s.size() > 3)
      s.pop_back();
    ++k;
  }
  return s.back() + s.front();
}
double stack_taped(double x) {
  std::vector<double> s{x};
  int k = 0;
  while (s.back() > 0.05 && k < 40) {
    s.push_back(0.7 * s.back() * std::cos(s.back()));
    if (s.size() > 3)
      s.pop_back();
    ++k;
  }
  return s.back() + s.front();
}

// The same trajectory written into a vector built with its size: push_back
// must not record more (it records nothing of its own).
double sized_trajectory(double x0, double v0, int steps) {
  std::vector<double> xs(steps + 1);
  xs[0] = x0;
  double x = x0, v = v0;
  for (int t = 0; t < steps; ++t) {
    v = v - 0.1 * std::sin(x);
    x = x + 0.1 * v;
    xs[t + 1] = x;
  }
  double s = 0;
  for (std::size_t i = 0; i < xs.size(); ++i)
    s += xs[i] * xs[i];
  return s + xs.back() * xs.front();
}

int main() {
  using namespace tangent_test;
  for (int steps : {0, 1, 7})
    check("trajectory", tangent::grad<trajectory>(), 0.4, -0.2, steps);
  {
    tangent::stats::reset();
    auto pushed = tangent::grad<trajectory>()(0.4, -0.2, 1000);
    const std::size_t pushed_bytes = tangent::stats::peak_bytes();
    tangent::stats::reset();
    auto sized = tangent::grad<sized_trajectory>()(0.4, -0.2, 1000);
    const std::size_t sized_bytes = tangent::stats::peak_bytes();
    // With TANGENT_TAPE_CHECKS the check log differs: the sized loop's
    // records go to one block (one log entry), the pushed loop's one by one.
    check_true("trajectory_tape_as_small_as_sized",
               (tangent::tape::checks_enabled || pushed_bytes <= sized_bytes) &&
                   pushed == sized);
  }
  for (int n : {0, 3, 8})
    check("recurrence", tangent::grad<recurrence>(), 0.3, n);
  check("emplaced", tangent::grad<emplaced>(), 0.6, -0.7);
  check("stack", tangent::grad<stack>(),
        std::vector<double>{0.5, -0.3, 0.8, 0.1}, 0.9);
  check("stack_empty", tangent::grad<stack>(), std::vector<double>{}, 0.9);
  check("resized", tangent::grad<resized>(), 0.7, -0.4);
  for (int rounds : {0, 1, 5})
    check("shrink_grow", tangent::grad<shrink_grow>(),
          std::vector<double>{0.3, 0.9, -0.2}, 0.6, rounds);
  check("ends_as_targets", tangent::grad<ends_as_targets>(),
        std::vector<double>{0.2, 0.7, -0.5}, 1.3);
  check("callee_grows", tangent::grad<callee_grows>(),
        std::vector<double>{0.2, 0.7, -0.5}, 0.4);
  for (int n : {1, 4})
    check("recorder", tangent::grad<recorder>(), 0.35, n);
  for (int n : {0, 5})
    check("bodies", tangent::grad<bodies>(), 0.5, -0.3, n);
  check("body_resize", tangent::grad<body_resize>(), 0.5, -0.3);
  for (int n : {0, 1, 9, 16}) {
    check("grown_checkpointed", tangent::grad<grown_checkpointed>(), 0.4, n);
    check_same("grown_checkpointed_bitwise",
               tangent::grad<grown_checkpointed>()(0.4, n),
               tangent::grad<grown_taped>()(0.4, n));
  }
  for (double x : {0.9, 0.02}) {
    check("stack_online", tangent::grad<stack_online>(), x);
    check_same("stack_online_bitwise", tangent::grad<stack_online>()(x),
               tangent::grad<stack_taped>()(x));
  }
  return summary();
}
