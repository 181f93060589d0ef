// End-to-end: names introduced in unusual places: structured bindings of
// objects (by copy, by reference, const reference, of a call's result, of
// nested objects), std::pair and std::tuple of numbers (make_pair,
// make_tuple, braces, std::get by position and by type, returned, as a
// parameter and a field, bound with structured bindings) and
// numbers declared in if, while, for and switch conditions.
// Each gradient is checked against finite differences.
#include "check.hpp"

#include <cmath>
#include <tuple>
#include <utility>
#include <vector>

struct Pair {
  double first, second;
};
struct Segment {
  Pair a, b;
  int id;
};

template <> struct tangent_test::fields<Pair> {
  static auto of(Pair &p) { return std::tie(p.first, p.second); }
};
template <> struct tangent_test::fields<Segment> {
  static auto of(Segment &s) { return std::tie(s.a, s.b); }
};

Pair polar(double r, double t) {
  return Pair{r * std::cos(t), r * std::sin(t)};
}

using StdPair = std::pair<double, double>;
template <> struct tangent_test::fields<StdPair> {
  static auto of(StdPair &p) { return std::tie(p.first, p.second); }
};
struct Tagged {
  StdPair p;
  double x;
};
template <> struct tangent_test::fields<Tagged> {
  static auto of(Tagged &t) { return std::tie(t.p.first, t.p.second, t.x); }
};

StdPair std_polar(double r, double t) {
  return {r * std::cos(t), r * std::sin(t)};
}
StdPair minmax_of(const std::vector<double> &v) {
  double lo = v[0], hi = v[0];
  for (double e : v) {
    if (e < lo)
      lo = e;
    if (e > hi)
      hi = e;
  }
  return std::make_pair(lo, hi);
}

// std::pair built, swapped, written through std::get and bound.
double std_pairs(double r, double t, StdPair q) {
  auto [x, y] = std_polar(r, t);
  StdPair p = std::make_pair(x * q.first, y);
  p = std::make_pair(p.second, p.first);
  std::get<0>(p) *= q.second;
  StdPair z;
  z.second = std::get<1>(p) + 1.0;
  auto &[a, b] = q;
  a = a * x;
  return p.first * p.second + z.first + z.second * std::get<0>(q) + b;
}

// A pair returned by a callee and bound const; a pair of mixed types.
double spread(const std::vector<double> &v, double w) {
  const auto [lo, hi] = minmax_of(v);
  std::pair<double, int> weighted{w, 3};
  return (hi - lo) * w + weighted.first * weighted.second;
}

// A pair field of an object, default-constructed (zeros) and copied.
double pair_field(const Tagged &in, double w) {
  Tagged s;
  s.x = w * in.x;
  s.p.first = in.p.second * w;
  Tagged t = s;
  t.p = std::make_pair(t.p.second + 1.0, t.p.first);
  return t.p.first * t.p.second + s.x + s.p.second;
}

// A call's result bound by copy; a parameter bound by reference and
// written through the names.
double bound(double r, double t, Pair q) {
  auto [x, y] = polar(r, t);
  auto &[qx, qy] = q;
  qx = qx * x + y;
  qy *= x;
  const auto &[u, v] = q;
  return x * y + u * v;
}

using Triple = std::tuple<double, double, double>;
template <> struct tangent_test::fields<Triple> {
  static auto of(Triple &t) {
    return std::tie(std::get<0>(t), std::get<1>(t), std::get<2>(t));
  }
};
struct Ranged {
  std::tuple<double, int, double> range;
  double scale;
};
template <> struct tangent_test::fields<Ranged> {
  static auto of(Ranged &r) {
    return std::tie(std::get<0>(r.range), std::get<2>(r.range), r.scale);
  }
};

Triple spherical(double r, double t, double p) {
  return {r * std::sin(t) * std::cos(p), r * std::sin(t) * std::sin(p),
          r * std::cos(t)};
}
std::tuple<double, int> mean_count(const std::vector<double> &v) {
  double s = 0;
  int n = 0;
  for (double e : v) {
    s += e;
    ++n;
  }
  return std::make_tuple(s / n, n);
}

// A tuple returned and bound, built with make_tuple, rotated (every
// element read before any is written), written through std::get, a tuple
// parameter bound by reference and written through the names.
double std_tuples(double r, double t, Triple q) {
  auto [x, y, z] = spherical(r, t, 0.3);
  Triple u = std::make_tuple(x * std::get<0>(q), y, z);
  std::get<1>(u) += std::get<2>(q) * z;
  u = std::make_tuple(std::get<2>(u), std::get<0>(u), std::get<1>(u));
  auto &[a, b, c] = q;
  a *= y;
  c = c + b * x;
  const auto &[e, f, g] = u;
  return e * f + std::sin(g) + a * std::get<2>(q);
}

// Mixed element types, std::get by type, a tuple default-constructed
// (zeros), deduced (CTAD) and a callee's tuple bound const.
double tuple_mixed(const std::vector<double> &v, double w) {
  const auto [m, n] = mean_count(v);
  std::tuple<double, int, float> t{w * m, n, 0.5f};
  std::tuple<double, double> zero;
  std::get<1>(zero) += w;
  std::tuple deduced{m * m, w};
  return std::get<double>(t) * std::get<int>(t) + std::get<float>(t) * w +
         std::get<0>(zero) + std::get<1>(zero) * std::get<0>(deduced) +
         std::get<1>(deduced);
}

// A tuple field of an object taken by const reference, copied and set.
double tuple_field(const Ranged &in, double w) {
  Ranged s = in;
  std::get<0>(s.range) *= w;
  s.range = std::make_tuple(std::get<2>(s.range), 2, std::get<0>(s.range));
  auto [lo, count, hi] = s.range;
  return (hi - lo) * s.scale * count + std::get<2>(in.range) * w;
}

// std::tie on the left of '=': from a callee's tuple, a pair, with
// std::ignore, and the swap idiom (both values read before either is
// written).
double tied(double r, double t) {
  double x = 0, y = 0, z = 0;
  std::tie(x, y, z) = spherical(r, t, 0.7);
  double lo, hi;
  std::tie(lo, std::ignore) = std::make_pair(y * z, 1.0);
  std::tie(hi, lo) = std::make_tuple(lo, hi = x);
  std::tie(x, y) = std::make_pair(y, x);
  int n = 0;
  std::tie(n, z) = std::make_tuple(2, z * r);
  return x * lo + y * hi * n + z;
}

// A loop whose state is a tuple (position, velocity, step count),
// checkpointed (sqrt(n) segments, and online for the while loop): bitwise
// equal to the full tape.
double tuple_stepped(double x, double v, int n) {
  std::tuple<double, double, int> s{x, v, 0};
  [[tangent::checkpoint]] for (int t = 0; t < n; ++t) {
    auto [p, q, k] = s;
    s = std::make_tuple(p + 0.1 * q, q - 0.1 * std::sin(p), k + 1);
  }
  return std::get<0>(s) * std::get<1>(s) + std::get<2>(s);
}
double tuple_stepped_taped(double x, double v, int n) {
  std::tuple<double, double, int> s{x, v, 0};
  for (int t = 0; t < n; ++t) {
    auto [p, q, k] = s;
    s = std::make_tuple(p + 0.1 * q, q - 0.1 * std::sin(p), k + 1);
  }
  return std::get<0>(s) * std::get<1>(s) + std::get<2>(s);
}
double tuple_settled(double x) {
  std::pair<double, double> s{x, 0.0};
  [[tangent::checkpoint(3)]] while (std::abs(s.first) > 1e-3) {
    std::tie(s.first, s.second) =
        std::make_pair(0.6 * s.first, s.second + s.first);
  }
  return s.second;
}
double tuple_settled_taped(double x) {
  std::pair<double, double> s{x, 0.0};
  while (std::abs(s.first) > 1e-3) {
    std::tie(s.first, s.second) =
        std::make_pair(0.6 * s.first, s.second + s.first);
  }
  return s.second;
}

// Nested objects bound, then their fields.
double nested(const Segment &s, double w) {
  const auto &[a, b, id] = s;
  auto [ax, ay] = a;
  double len2 =
      (b.first - ax) * (b.first - ax) + (b.second - ay) * (b.second - ay);
  return w * std::sqrt(len2) + id * ay;
}

// Bindings in a loop (re-bound each iteration).
double in_loop(double x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    auto [c, d] = polar(x, 0.3 * i);
    s += c * d;
  }
  return s;
}

double if_declared(double x) {
  if (double d = x - 1.0)
    return d * d * x;
  return x;
}

double while_declared(double x) {
  double y = x;
  int k = 0;
  while (double d = std::floor(4.0 * y) / 4.0) {
    y = 0.5 * y + 0.01 * d;
    if (++k > 20)
      break;
  }
  return y * x;
}

double for_declared(double x) {
  double y = x, s = 0;
  for (int i = 0; int left = 5 - i; ++i) {
    s += y * left;
    y = std::sin(y);
  }
  return s;
}

double switch_declared(double x, int k) {
  switch (int j = k + 1) {
  case 1:
    return x * j;
  case 2:
    return x * x * j;
  default:
    return x;
  }
}

int main() {
  using namespace tangent_test;
  check("structured/bound", tangent::grad<bound>(), 1.5, 0.4, Pair{0.3, -0.6});
  check("structured/nested", tangent::grad<nested>(),
        Segment{Pair{0.1, 0.2}, Pair{0.9, -0.4}, 3}, 0.7);
  check("pair/std_pairs", tangent::grad<std_pairs>(), 1.5, 0.4,
        StdPair{0.3, -0.6});
  check("pair/spread", tangent::grad<spread>(),
        std::vector<double>{0.3, -0.5, 0.9}, 0.7);
  check("pair/field", tangent::grad<pair_field>(), Tagged{{0.3, 0.6}, 0.2},
        0.7);
  check("tuple/std_tuples", tangent::grad<std_tuples>(), 1.5, 0.4,
        Triple{0.3, -0.6, 0.8});
  check("tuple/mixed", tangent::grad<tuple_mixed>(),
        std::vector<double>{0.3, -0.5, 0.9}, 0.7);
  for (double t : {0.4, 1.2})
    check("tuple/tied", tangent::grad<tied>(), 1.5, t);
  for (int n : {0, 1, 9, 30}) {
    check("tuple/stepped", tangent::grad<tuple_stepped>(), 0.4, 0.9, n);
    check_same("tuple/stepped_bitwise",
               tangent::grad<tuple_stepped>()(0.4, 0.9, n),
               tangent::grad<tuple_stepped_taped>()(0.4, 0.9, n));
  }
  for (double x : {0.9, -2.5}) {
    check("tuple/settled", tangent::grad<tuple_settled>(), x);
    check_same("tuple/settled_bitwise", tangent::grad<tuple_settled>()(x),
               tangent::grad<tuple_settled_taped>()(x));
  }
  check("tuple/field", tangent::grad<tuple_field>(), Ranged{{0.3, 4, 1.1}, 0.6},
        0.7);
  for (int n : {0, 1, 5})
    check("structured/in_loop", tangent::grad<in_loop>(), 0.8, n);
  for (double x : {0.4, 1.6})
    check("condition/if", tangent::grad<if_declared>(), x);
  for (double x : {0.8, 1.9})
    check("condition/while", tangent::grad<while_declared>(), x);
  check("condition/for", tangent::grad<for_declared>(), 0.6);
  for (int k : {0, 1, 4})
    check("condition/switch", tangent::grad<switch_declared>(), 0.7, k);
  return summary();
}
