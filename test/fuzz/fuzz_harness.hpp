//===- test/fuzz/fuzz_harness.hpp - checks of the generated programs ------===//
///
/// \file
/// Included by every program tangent_fuzz_gen writes. A checked function f
/// has the signature
///
///   double f(double x0[, x1, x2], const std::vector<double> &v,
///            [const std::vector<double> &u,] [const double *p,]
///            [double *q,] int n)
///
/// u is long (300 to 3000 elements); p and q point to arrays of v's size; f
/// reads p and reads and writes q. `session::check` draws points from the
/// seed and, at each one:
///
///  1. calls f plainly (on a fresh copy of q) and its probe twin (namespace
///     probe), in which every comparison and kink records its distance to
///     switching;
///  2. computes the gradient as requested (`tangent::grad<f, options>()`):
///     `value_and_grad`, or, with pointer parameters (or pullback_of()),
///     `pullback` into zero adjoints. Its value must be f's, **bitwise**,
///     and q must hold what it held on entry, bitwise (pullback restores
///     the memory f writes through its pointers, docs/api.md). With
///     check_peaks(true) and a memory budget, every loop's peak
///     (tangent::stats::last_strategies()) must stay within the bound of
///     docs/checkpointing.md (max(budget, held when the loop began) + twice
///     its largest iteration tape + the tape's accounting blocks);
///  3. for a request with another strategy than the default (options,
///     [[tangent::checkpoint]] attributes), computes the fully taped gradient
///     (`.recompute = false`, of a twin without attributes when there are
///     some) and requires value, gradient and q to be bitwise equal to the
///     strategy's; then the checks of another request (jvp_of, hvp_of,
///     jacobian_of) that need no finite differences. Steps 2 and 3 run at
///     every point where f is finite, also those skipped below. Bitwise is
///     `==` with NaN equal to NaN, or, with exact_bits(true), the same bits
///     (std::bit_cast: -0 differs from +0, NaNs must have the same bits);
///  4. skips the point (not checked against finite differences) when f
///     cannot be trusted there:
///       nonfinite  f or one of its finite-difference evaluations is not
///                  finite
///       huge       |f| > 1e6 or a finite-difference derivative > 1e6
///       branch     the probe saw a comparison or kink within 1e-4
///                  (relative) of switching, or an unrestricted denominator
///                  that close to 0
///       fd         the two finite-difference estimates disagree by more
///                  than 1e-3 (relative): a kink or jump inside the step
///  5. otherwise compares the gradient with central differences at steps h
///     and h/2 (Richardson-extrapolated): |tangent - fd| <= 1e-5 (1 + |fd|)
///     + 4 |fd(h) - fd(h/2)| for each component of x, v, p and q (q: the
///     derivative with respect to its values on entry), and for u along
///     three random directions and at its first and last element;
///  6. requires `pullback` with seed 1.5 into adjoints holding 0.5, 0.75,
///     ... (0 for q, whose adjoint is that of its final values) to add 1.5
///     times that gradient;
///  7. runs the other request's checks against the gradient and finite
///     differences (jvp along two directions, hvp against differences of
///     gradients; test/fuzz/README.md, "Requests").
///
/// Output: one line per function (`f03: checked 4 skipped 0 (...) wrong 0
/// bitwise 4 strategy=budget-2k request=jvp loops=full_tape:4,binomial:4
/// peak=8192/10000`: the other request, and under a memory budget what the
/// loops chose, from tangent::stats::last_strategies(), and the largest
/// peak and its bound), a `DIGEST fNN <hex>` line (the bits of every value
/// and result computed, which rewrite mode compares between builds), WRONG
/// blocks (`WRONG seed=S function=f03 point=P strategy=X kind=K: ...` with
/// K one of value, memory, bitwise, fd, pullback, jvp, hvp, jacobian,
/// budget, exception, probe, size), and a final `SUMMARY seed=...` line;
/// finish() returns non-zero when anything was wrong. A crash (signal)
/// prints `CRASH seed=S function=fNN point=P strategy=X`.
///
/// `./program --verbose` also prints every point.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FUZZ_HARNESS_HPP
#define TANGENT_FUZZ_HARNESS_HPP

#include "fuzz_rng.hpp"

#include <tangent/tangent.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <unistd.h>
#include <utility>
#include <vector>

namespace fz {

/// No bitwise reference (the last-but-one argument of the six-argument
/// session::check).
struct no_reference_t {};
inline constexpr no_reference_t no_reference{};

// Probe recorders: the value of the plain operation, and the distance to its
// switching point noted in margin().

inline double &margin() {
  static double m = std::numeric_limits<double>::infinity();
  return m;
}
/// A singularity (a denominator, the derivative of hypot or cbrt at 0):
/// near zero, finite differences cannot be trusted.
inline void note_singular(double distance, double a, double b) {
  double m = std::fabs(distance) / (1.0 + std::fabs(a) + std::fabs(b));
  if (std::isnan(m)) // a comparison of NaN: as bad as it gets
    m = 0;
  if (m < margin())
    margin() = m;
}
/// A switch (a comparison, fabs, fmin, floor, ...). A distance of exactly 0
/// is not noted: it is structural, the same in a neighbourhood (aliased
/// arguments, `fmin(a, a)`, `a < b` with b a reference to a, floor of a
/// constant), where finite differences stay on one side; coincidences of
/// two random values are practically impossible.
inline void note(double distance, double a, double b) {
  if (distance != 0)
    note_singular(distance, a, b);
}
inline bool lt(double a, double b) { return note(a - b, a, b), a < b; }
inline bool gt(double a, double b) { return note(a - b, a, b), a > b; }
inline bool le(double a, double b) { return note(a - b, a, b), a <= b; }
inline bool ge(double a, double b) { return note(a - b, a, b), a >= b; }
/// An unrestricted denominator: near zero is a singularity.
inline double kden(double x) { return note_singular(x, x, 0), x; }
inline double kfabs(double x) { return note(x, x, 0), std::fabs(x); }
inline double kabs(double x) { return note(x, x, 0), std::abs(x); }
inline double kfmin(double a, double b) {
  return note(a - b, a, b), std::fmin(a, b);
}
inline double kfmax(double a, double b) {
  return note(a - b, a, b), std::fmax(a, b);
}
inline double kmin(double a, double b) {
  return note(a - b, a, b), std::min(a, b);
}
inline double kmax(double a, double b) {
  return note(a - b, a, b), std::max(a, b);
}
inline double khypot(double a, double b) {
  return note_singular(std::fabs(a) + std::fabs(b), 0, 0), std::hypot(a, b);
}
inline double kcbrt(double x) { return note_singular(x, x, 0), std::cbrt(x); }
inline double kfloor(double x) {
  return note(x - std::round(x), x, 0), std::floor(x);
}
inline double kceil(double x) {
  return note(x - std::round(x), x, 0), std::ceil(x);
}
inline double ktrunc(double x) {
  return note(x - std::round(x), x, 0), std::trunc(x);
}
inline double kround(double x) {
  return note(x - std::floor(x) - 0.5, x, 0), std::round(x);
}

namespace detail {

/// Where a crash happened (written before each point, read by the handler).
inline char *crash_message() {
  static char text[256] = "CRASH outside of any check\n";
  return text;
}

extern "C" inline void on_signal(int sig) {
  const char *text = crash_message();
  (void)!write(2, text, std::strlen(text));
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

/// What a parameter of a checked function is.
enum class kind { scalar, vector, long_vector, ptr_in, ptr_out, integer };

template <class T> constexpr kind base_kind() {
  using B = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<B, double>)
    return kind::scalar;
  else if constexpr (std::is_same_v<B, std::vector<double>>)
    return kind::vector;
  else if constexpr (std::is_same_v<T, const double *>)
    return kind::ptr_in;
  else if constexpr (std::is_same_v<T, double *>)
    return kind::ptr_out;
  else {
    static_assert(std::is_same_v<B, int>, "unexpected parameter type");
    return kind::integer;
  }
}

template <class> struct signature;
template <class... A> struct signature<double (*)(A...)> {
  static constexpr std::size_t arity = sizeof...(A);
  /// The second vector parameter is the long one, u.
  static constexpr std::array<kind, arity> kinds = [] {
    std::array<kind, arity> k{base_kind<A>()...};
    bool seen = false;
    for (kind &e : k)
      if (e == kind::vector) {
        if (seen)
          e = kind::long_vector;
        seen = true;
      }
    return k;
  }();
  static constexpr bool pointers = [] {
    for (kind e : kinds)
      if (e == kind::ptr_in || e == kind::ptr_out)
        return true;
    return false;
  }();
  static constexpr bool has(kind what) {
    for (kind e : kinds)
      if (e == what)
        return true;
    return false;
  }
  /// The index among the scalars of scalar parameter i.
  static constexpr std::size_t scalar_index(std::size_t i) {
    std::size_t s = 0;
    for (std::size_t j = 0; j < i; ++j)
      s += kinds[j] == kind::scalar;
    return s;
  }
};

struct point {
  std::vector<double> x; ///< the scalars
  std::vector<double> v, u, p;
  std::vector<double> q; ///< q's values on entry
  int n = 0;

  /// The values of parameter kind k (a scalar: x[s]).
  std::vector<double> &of(kind k) {
    return k == kind::vector        ? v
           : k == kind::long_vector ? u
           : k == kind::ptr_in      ? p
                                    : q;
  }
};

/// One segment of the flattened inputs (and gradient): x0, x1, .., v, u, p,
/// q in parameter order.
struct segment {
  kind k;
  std::size_t scalar; ///< for a scalar: its index in point::x
  std::size_t offset, size;
};

template <class Sig> std::vector<segment> layout(const point &p) {
  std::vector<segment> out;
  std::size_t offset = 0;
  for (std::size_t i = 0; i < Sig::arity; ++i) {
    const kind k = Sig::kinds[i];
    if (k == kind::integer)
      continue;
    std::size_t size = 1;
    if (k != kind::scalar)
      size = const_cast<point &>(p).of(k).size();
    out.push_back({k, Sig::scalar_index(i), offset, size});
    offset += size;
  }
  return out;
}

inline double &element(point &p, const segment &s, std::size_t i) {
  return s.k == kind::scalar ? p.x[s.scalar] : p.of(s.k)[i];
}

template <class T> void flatten_into(std::vector<double> &out, const T &g) {
  if constexpr (std::is_floating_point_v<T>)
    out.push_back(static_cast<double>(g));
  else
    out.insert(out.end(), g.begin(), g.end());
}
template <class T> std::vector<double> flatten(const T &g) {
  std::vector<double> out;
  if constexpr (std::is_floating_point_v<T> ||
                std::is_same_v<T, std::vector<double>>)
    flatten_into(out, g);
  else
    std::apply([&](const auto &...part) { (flatten_into(out, part), ...); }, g);
  return out;
}

/// Argument I of a call at point p, q the array passed as q.
template <class Sig, std::size_t I>
decltype(auto) arg(const point &p, std::vector<double> &q) {
  constexpr kind k = Sig::kinds[I];
  if constexpr (k == kind::scalar)
    return p.x[Sig::scalar_index(I)];
  else if constexpr (k == kind::vector)
    return (p.v);
  else if constexpr (k == kind::long_vector)
    return (p.u);
  else if constexpr (k == kind::ptr_in)
    return static_cast<const double *>(p.p.data());
  else if constexpr (k == kind::ptr_out)
    return q.data();
  else
    return p.n;
}

template <auto F, class Sig, std::size_t... I>
double call(const point &p, std::vector<double> &q, std::index_sequence<I...>) {
  return F(arg<Sig, I>(p, q)...);
}

/// The adjoint arguments of a pullback, in parameter order.
struct adjoints {
  std::vector<double> x, v, u, p, q;

  template <class Sig, std::size_t I> decltype(auto) get() {
    constexpr kind k = Sig::kinds[I];
    if constexpr (k == kind::scalar)
      return &x[Sig::scalar_index(I)];
    else if constexpr (k == kind::vector)
      return (v);
    else if constexpr (k == kind::long_vector)
      return (u);
    else if constexpr (k == kind::ptr_in)
      return p.data();
    else
      return q.data();
  }

  template <class Sig> std::vector<double> flat(const point &pt) const {
    std::vector<double> out;
    for (const segment &s : layout<Sig>(pt)) {
      if (s.k == kind::scalar)
        out.push_back(x[s.scalar]);
      else {
        const std::vector<double> &a = s.k == kind::vector        ? v
                                       : s.k == kind::long_vector ? u
                                       : s.k == kind::ptr_in      ? p
                                                                  : q;
        out.insert(out.end(), a.begin(), a.end());
      }
    }
    return out;
  }
};

/// pullback(args..., adjoints..., seed): the adjoints of the integer
/// parameters are left out.
template <class Sig, auto F, tangent::options O, std::size_t... I,
          std::size_t... J>
double pullback(const tangent::gradient<F, O> &df, const point &p,
                std::vector<double> &q, adjoints &a, double seed,
                std::index_sequence<I...>, std::index_sequence<J...>) {
  return df.pullback(arg<Sig, I>(p, q)..., a.template get<Sig, J>()..., seed);
}

/// The indices of the parameters that get an adjoint (all but n).
template <class Sig> constexpr auto adjoint_indices() {
  constexpr std::size_t count = [] {
    std::size_t c = 0;
    for (kind k : Sig::kinds)
      c += k != kind::integer;
    return c;
  }();
  constexpr std::array<std::size_t, count> indices = [] {
    std::array<std::size_t, count> out{};
    std::size_t c = 0;
    for (std::size_t i = 0; i < Sig::arity; ++i)
      if (Sig::kinds[i] != kind::integer)
        out[c++] = i;
    return out;
  }();
  return [&]<std::size_t... K>(std::index_sequence<K...>) {
    return std::index_sequence<indices[K]...>{};
  }(std::make_index_sequence<count>{});
}

inline std::string list(const std::vector<double> &values,
                        std::size_t most = 40) {
  std::string text = "{";
  char buffer[40];
  for (std::size_t k = 0; k < values.size() && k < most; ++k) {
    std::snprintf(buffer, sizeof buffer, "%s%.17g", k ? ", " : "", values[k]);
    text += buffer;
  }
  if (values.size() > most)
    text += ", ... (" + std::to_string(values.size()) + " in all)";
  return text + "}";
}

/// Whether bitwise comparisons compare the bits (session::exact_bits,
/// feature nan-bitwise): NaN equal to NaN only with the same bits, -0
/// different from +0.
inline bool &exact_bits() {
  static bool exact = false;
  return exact;
}

/// Bitwise equality: the same bits (std::bit_cast) under exact_bits(), else
/// `==` with any NaN equal to any NaN.
inline bool same(double a, double b) {
  if (exact_bits())
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
  return a == b || (std::isnan(a) && std::isnan(b));
}
inline bool same(const std::vector<double> &a, const std::vector<double> &b,
                 std::size_t &where) {
  if (a.size() != b.size()) {
    where = std::min(a.size(), b.size());
    return false;
  }
  for (std::size_t k = 0; k < a.size(); ++k)
    if (!same(a[k], b[k])) {
      where = k;
      return false;
    }
  return true;
}

/// What one gradient call gave.
struct result {
  double value = 0;
  std::vector<double> grad;
  std::vector<double> q; ///< q after the call
  std::string problem;   ///< an exception
};

/// Gradient at p through value_and_grad (no pointers, unless \p by_pullback)
/// or pullback into zero adjoints.
template <class Sig, auto F, tangent::options O>
result run(const tangent::gradient<F, O> &df, const point &p,
           bool by_pullback = false) {
  result r;
  r.q = p.q;
  constexpr auto all = std::make_index_sequence<Sig::arity>{};
  try {
    bool done = false;
    if constexpr (!Sig::pointers) {
      if (!by_pullback) {
        auto each = [&]<std::size_t... I>(std::index_sequence<I...>) {
          return df.value_and_grad(arg<Sig, I>(p, r.q)...);
        };
        auto [value, g] = each(all);
        r.value = value;
        r.grad = flatten(g);
        done = true;
      }
    }
    if (!done) {
      adjoints a{std::vector<double>(p.x.size(), 0.0),
                 std::vector<double>(p.v.size(), 0.0),
                 std::vector<double>(p.u.size(), 0.0),
                 std::vector<double>(p.p.size(), 0.0),
                 std::vector<double>(p.q.size(), 0.0)};
      r.value = pullback<Sig>(df, p, r.q, a, 1.0, all, adjoint_indices<Sig>());
      r.grad = a.flat<Sig>(p);
    }
  } catch (const std::exception &e) {
    r.problem = std::string("exception: ") + e.what();
  } catch (...) {
    r.problem = "unknown exception";
  }
  return r;
}

/// No reference: never run (check_point tests the pointer first).
template <class Sig>
result run(const no_reference_t &, const point &, bool = false) {
  return {};
}

// Forward mode and second order take sized arguments for pointers (a
// std::span) and one tangent per parameter that gets an adjoint.

/// Argument I as the high-level forms take it: a span for a pointer.
template <class Sig, std::size_t I>
decltype(auto) sized_arg(const point &p, std::vector<double> &q) {
  constexpr kind k = Sig::kinds[I];
  if constexpr (k == kind::ptr_in)
    return std::span<const double>(p.p);
  else if constexpr (k == kind::ptr_out)
    return std::span<double>(q);
  else
    return arg<Sig, I>(p, q);
}

/// The tangent (direction) of parameter I, taken from \p d, a point
/// holding the direction's components: a double, or a vector (sized, for
/// a pointer).
template <class Sig, std::size_t I> decltype(auto) tangent_of(const point &d) {
  constexpr kind k = Sig::kinds[I];
  if constexpr (k == kind::scalar)
    return d.x[Sig::scalar_index(I)];
  else if constexpr (k == kind::vector)
    return (d.v);
  else if constexpr (k == kind::long_vector)
    return (d.u);
  else if constexpr (k == kind::ptr_in)
    return (d.p);
  else
    return (d.q);
}

/// The tangent of parameter I as pushforward takes it: a raw pointer into
/// \p d (written for a non-const pointer) for a pointer.
template <class Sig, std::size_t I> decltype(auto) raw_tangent_of(point &d) {
  constexpr kind k = Sig::kinds[I];
  if constexpr (k == kind::ptr_in)
    return static_cast<const double *>(d.p.data());
  else if constexpr (k == kind::ptr_out)
    return d.q.data();
  else
    return tangent_of<Sig, I>(d);
}

/// The point p + h d (\p d shaped like p).
inline point shifted(const point &p, const point &d, double h) {
  point t = p;
  auto add = [h](std::vector<double> &a, const std::vector<double> &b) {
    for (std::size_t k = 0; k < a.size(); ++k)
      a[k] += h * b[k];
  };
  add(t.x, d.x);
  add(t.v, d.v);
  add(t.u, d.u);
  add(t.p, d.p);
  add(t.q, d.q);
  return t;
}

/// The direction shaped like p, flattened as a gradient is.
template <class Sig> std::vector<double> flat(const point &d) {
  std::vector<double> out;
  for (const segment &s : layout<Sig>(d))
    for (std::size_t i = 0; i < s.size; ++i)
      out.push_back(element(const_cast<point &>(d), s, i));
  return out;
}

/// A random direction shaped like p, components in [-1, 1].
inline point random_direction(const point &p, fuzz_rng::rng &r) {
  point d = p;
  for (auto *part : {&d.x, &d.v, &d.u, &d.p, &d.q})
    for (double &e : *part)
      e = r.uniform(-1.0, 1.0);
  return d;
}

/// The zero direction shaped like p.
inline point zero_direction(const point &p) {
  point d = p;
  for (auto *part : {&d.x, &d.v, &d.u, &d.p, &d.q})
    for (double &e : *part)
      e = 0;
  return d;
}

inline double dot(const std::vector<double> &a, const std::vector<double> &b,
                  double *scale = nullptr) {
  double s = 0, m = 0;
  for (std::size_t k = 0; k < a.size() && k < b.size(); ++k) {
    s += a[k] * b[k];
    m += std::fabs(a[k] * b[k]);
  }
  if (scale)
    *scale = m;
  return s;
}

/// FNV-1a over the bits of the doubles: the digest that rewrite mode
/// compares between the plugin's build and tangent-rewrite's.
struct digest {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  void add(double v) {
    std::uint64_t bits = std::bit_cast<std::uint64_t>(v);
    for (int k = 0; k < 8; ++k) {
      h ^= (bits >> (8 * k)) & 0xff;
      h *= 0x100000001b3ULL;
    }
  }
  void add(const std::vector<double> &v) {
    add(static_cast<double>(v.size()));
    for (double e : v)
      add(e);
  }
};

} // namespace detail

/// The extra checks of a request other than grad alone (the last argument
/// of session::check; tangent_fuzz_gen's req-* features).
struct gradient_only {};
/// The gradient through pullback into zero adjoints, also without pointers.
struct pullback_request {};
/// tangent::jvp<f, O>(): value_and_jvp's value and q bitwise f's,
/// pushforward bitwise value_and_jvp, the derivative along two directions
/// against the gradient and against central differences.
template <class J> struct jvp_request {
  J jv;
};
/// tangent::hvp<f, O>() (and the fully taped hvp when the strategy has a
/// reference): against central differences of gradients along a direction;
/// gradient_and_hvp's product bitwise hvp's and its gradient f's.
template <class H, class R> struct hvp_request {
  H hv;
  R ref;
};
/// tangent::jacobian<fNN_rows, O>() and tangent::jvp<fNN_rows, O>(): the
/// columns against jvp, row 0 (f's value) against the gradient.
template <class J, class V> struct jacobian_request {
  J jac;
  V jv;
};

inline pullback_request pullback_of() { return {}; }
template <class J> jvp_request<J> jvp_of(J jv) { return {jv}; }
template <class H> hvp_request<H, no_reference_t> hvp_of(H hv) {
  return {hv, no_reference};
}
template <class H, class R> hvp_request<H, R> hvp_of(H hv, R ref) {
  return {hv, ref};
}
template <class J, class V> jacobian_request<J, V> jacobian_of(J jac, V jv) {
  return {jac, jv};
}

class session {
public:
  session(std::uint64_t seed, int points, int argc, char **argv)
      : seed_(seed), points_(points) {
    for (int i = 1; i < argc; ++i)
      verbose_ |= std::strcmp(argv[i], "--verbose") == 0;
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
      std::signal(sig, detail::on_signal);
  }

  /// Bitwise comparisons compare the bits (feature nan-bitwise): NaN equal
  /// to NaN only with the same bits, -0 different from +0.
  void exact_bits(bool on) { detail::exact_bits() = on; }
  /// Under .memory_budget, require the peak of each loop of each gradient
  /// call within the bound of docs/checkpointing.md (feature budget-peak).
  void check_peaks(bool on) { check_peaks_ = on; }

  /// Checks df, a request with the default strategy (or the fully taped
  /// one itself, with no attribute in reach).
  template <auto Probe, auto F, tangent::options O>
  void check(const char *name, int index, const char *strategy,
             const tangent::gradient<F, O> &df) {
    check_all<Probe, F, O, no_reference_t>(name, index, strategy, df, nullptr,
                                           gradient_only{});
  }

  /// Checks df and requires it to be bitwise equal to ref, the fully taped
  /// request.
  template <auto Probe, auto F, tangent::options O, auto G, tangent::options R>
  void check(const char *name, int index, const char *strategy,
             const tangent::gradient<F, O> &df,
             const tangent::gradient<G, R> &ref) {
    check_all<Probe, F, O>(name, index, strategy, df, &ref, gradient_only{});
  }

  /// Checks df (against ref, or no_reference) and another request of f
  /// (jvp_of, hvp_of, jacobian_of, pullback_of).
  template <auto Probe, auto F, tangent::options O, class Ref, class Extra>
  void check(const char *name, int index, const char *strategy,
             const tangent::gradient<F, O> &df, const Ref &ref,
             const Extra &extra) {
    const Ref *reference = nullptr;
    if constexpr (!std::is_same_v<Ref, no_reference_t>)
      reference = &ref;
    check_all<Probe, F, O>(name, index, strategy, df, reference, extra);
  }

  int finish() {
    std::printf("SUMMARY seed=%llu functions=%d checked_functions=%d "
                "points_checked=%d points_skipped=%d (nonfinite %d huge %d "
                "branch %d fd %d) wrong_points=%d wrong_functions=%d "
                "bitwise_points=%d\n",
                static_cast<unsigned long long>(seed_), functions_,
                checked_functions_, total_.checked, total_.skipped(),
                total_.nonfinite, total_.huge, total_.branch, total_.fd,
                total_.wrong, wrong_functions_, total_.bitwise);
    std::fflush(stdout);
    return wrong_functions_ > 0 ? 1 : 0;
  }

private:
  struct counts {
    int checked = 0, wrong = 0, nonfinite = 0, huge = 0, branch = 0, fd = 0;
    int bitwise = 0;
    /// Under a memory budget: how often each strategy was chosen
    /// (tangent::loop_strategy_kind: full tape, segments, binomial,
    /// spilled, online, online spilled).
    std::array<int, 6> loops{};
    /// Under a memory budget with check_peaks: the largest peak of a loop
    /// (tangent::loop_strategy::peak_bytes), and its bound.
    std::size_t peak = 0, bound = 0;
    int skipped() const { return nonfinite + huge + branch + fd; }
    void add(const counts &o) {
      checked += o.checked, wrong += o.wrong, nonfinite += o.nonfinite;
      huge += o.huge, branch += o.branch, fd += o.fd, bitwise += o.bitwise;
    }
  };

  static const char *request_name(const gradient_only &) { return ""; }
  static const char *request_name(const pullback_request &) {
    return " request=pullback";
  }
  template <class J> static const char *request_name(const jvp_request<J> &) {
    return " request=jvp";
  }
  template <class H, class R>
  static const char *request_name(const hvp_request<H, R> &) {
    return " request=hvp";
  }
  template <class J, class V>
  static const char *request_name(const jacobian_request<J, V> &) {
    return " request=jacobian";
  }

  template <auto Probe, auto F, tangent::options O, class Ref, class Extra>
  void check_all(const char *name, int index, const char *strategy,
                 const tangent::gradient<F, O> &df, const Ref *ref,
                 const Extra &extra) {
    using Sig = detail::signature<decltype(F)>;
    counts c;
    detail::digest dig;
    for (int q = 0; q < points_; ++q) {
      fuzz_rng::rng r(fuzz_rng::stream_seed(
          seed_, 5000 + 100 * static_cast<std::uint64_t>(index) +
                     static_cast<std::uint64_t>(q)));
      detail::point p;
      for (std::size_t i = 0; i < Sig::scalar_index(Sig::arity); ++i)
        p.x.push_back(r.uniform(-2.0, 2.0));
      p.v.resize(static_cast<std::size_t>(r.range(3, 6)));
      for (double &e : p.v)
        e = r.uniform(-2.0, 2.0);
      p.n = r.range(0, 5);
      if (Sig::has(detail::kind::long_vector)) {
        p.u.resize(static_cast<std::size_t>(r.range(300, 3000)));
        for (double &e : p.u)
          e = r.uniform(-2.0, 2.0);
      }
      if (Sig::has(detail::kind::ptr_in))
        for (std::size_t k = 0; k < p.v.size(); ++k)
          p.p.push_back(r.uniform(-2.0, 2.0));
      if (Sig::has(detail::kind::ptr_out))
        for (std::size_t k = 0; k < p.v.size(); ++k)
          p.q.push_back(r.uniform(-2.0, 2.0));
      // The extra checks' own stream: the point's stream stays as it was.
      fuzz_rng::rng rx(fuzz_rng::stream_seed(
          seed_, 900000 + 100 * static_cast<std::uint64_t>(index) +
                     static_cast<std::uint64_t>(q)));
      std::snprintf(detail::crash_message(), 256,
                    "CRASH seed=%llu function=%s point=%d strategy=%s\n",
                    static_cast<unsigned long long>(seed_), name, q, strategy);
      check_point<Sig, Probe, F, O>(name, q, strategy, df, ref, extra, p, r, rx,
                                    c, dig);
    }
    std::snprintf(detail::crash_message(), 256,
                  "CRASH seed=%llu after function=%s\n",
                  static_cast<unsigned long long>(seed_), name);
    std::string loops;
    if (O.memory_budget > 0) {
      static const char *const kinds[] = {"full_tape", "segments",
                                          "binomial",  "spilled",
                                          "online",    "online_spilled"};
      for (std::size_t k = 0; k < c.loops.size(); ++k)
        if (c.loops[k] > 0)
          loops += std::string(loops.empty() ? " loops=" : ",") + kinds[k] +
                   ":" + std::to_string(c.loops[k]);
      if (check_peaks_ && c.bound > 0)
        loops +=
            " peak=" + std::to_string(c.peak) + "/" + std::to_string(c.bound);
    }
    std::printf("%s: checked %d skipped %d (nonfinite %d huge %d branch %d "
                "fd %d) wrong %d bitwise %d strategy=%s%s%s\n",
                name, c.checked, c.skipped(), c.nonfinite, c.huge, c.branch,
                c.fd, c.wrong, c.bitwise, strategy, request_name(extra),
                loops.c_str());
    std::printf("DIGEST %s %016llx\n", name,
                static_cast<unsigned long long>(dig.h));
    std::fflush(stdout);
    ++functions_;
    checked_functions_ += c.checked > 0;
    wrong_functions_ += c.wrong > 0;
    total_.add(c);
  }

  template <class Sig, auto Probe, auto F, tangent::options O, class Ref,
            class Extra>
  void check_point(const char *name, int q, const char *strategy,
                   const tangent::gradient<F, O> &df, const Ref *ref,
                   const Extra &extra, const detail::point &p, fuzz_rng::rng &r,
                   fuzz_rng::rng &rx, counts &c, detail::digest &dig) {
    using detail::call;
    using detail::kind;
    const auto seq = std::make_index_sequence<Sig::arity>{};
    // Every wrong result of the point is reported (value, memory, bitwise,
    // fd and pullback are independent); the point counts once.
    bool wrong = false;
    auto report = [&](const char *what, const std::string &problem,
                      const std::vector<double> &ad,
                      const std::vector<double> &other, double value,
                      double ad_value, const char *other_name) {
      report_wrong(name, q, strategy, what, p, problem, ad, other, value,
                   ad_value, other_name);
      wrong = true;
    };
    // The point ends wrong.
    auto fail = [&](const char *what, const std::string &problem,
                    const std::vector<double> &ad,
                    const std::vector<double> &other, double value,
                    double ad_value, const char *other_name) {
      report(what, problem, ad, other, value, ad_value, other_name);
      ++c.wrong;
    };
    // The point ends (skipped, or done), wrong if anything was.
    auto end = [&](const char *why, int &counter) {
      if (wrong)
        ++c.wrong;
      else
        skip(name, q, why, counter);
    };

    margin() = std::numeric_limits<double>::infinity();
    std::vector<double> probe_q = p.q;
    const double probed = call<Probe, Sig>(p, probe_q, seq);
    const double near = margin();
    std::vector<double> plain_q = p.q;
    const double value = call<F, Sig>(p, plain_q, seq);
    if (!std::isfinite(value))
      return skip(name, q, "nonfinite", c.nonfinite);

    // The request: its value and q bitwise the plain call's.
    const bool by_pullback = std::is_same_v<Extra, pullback_request>;
    const detail::result ad = detail::run<Sig>(df, p, by_pullback);
    dig.add(value);
    dig.add(ad.value);
    dig.add(ad.grad);
    dig.add(ad.q);
    if (O.memory_budget > 0) // what the loops chose under the budget
      for (const tangent::loop_strategy &l : tangent::stats::last_strategies())
        ++c.loops[static_cast<std::size_t>(l.kind) % c.loops.size()];
    if (!ad.problem.empty())
      return fail("exception", ad.problem, {}, {}, value, ad.value, "");
    if (check_peaks_ && O.memory_budget > 0) {
      const std::string problem = budget_problem(O.memory_budget, O.threads, c);
      if (!problem.empty())
        report("budget", problem, {}, {}, value, ad.value, "");
    }
    std::size_t where = 0;
    if (!detail::same(ad.value, value))
      report("value", "the gradient call's value differs from f's", ad.grad, {},
             value, ad.value, "");
    // pullback leaves the memory f writes through q as it found it
    // (docs/api.md, "pullback": what f writes there is restored in its
    // reverse sweep, so a second call gives the same result).
    if (!detail::same(ad.q, p.q, where))
      report("memory",
             "q after the gradient call differs from q on entry at element " +
                 std::to_string(where) +
                 " (pullback leaves that memory as it found it)",
             ad.q, p.q, value, ad.value, "q on entry");
    const std::size_t components = ad.grad.size();
    if (components != detail::layout<Sig>(p).back().offset +
                          detail::layout<Sig>(p).back().size)
      return fail("size",
                  "tangent returned " + std::to_string(components) +
                      " components",
                  ad.grad, {}, value, ad.value, "");
    // The fully taped reference: bitwise equal.
    if (ref) {
      const detail::result taped = detail::run<Sig>(*ref, p);
      dig.add(taped.grad);
      if (!taped.problem.empty())
        return fail("exception", "the taped reference: " + taped.problem, {},
                    {}, value, ad.value, "");
      bool equal = true;
      if (!detail::same(taped.value, ad.value)) {
        report("bitwise", "value differs from the fully taped one", ad.grad,
               taped.grad, taped.value, ad.value, "fully taped");
        equal = false;
      }
      if (!detail::same(ad.grad, taped.grad, where)) {
        report("bitwise",
               "component " + std::to_string(where) +
                   " differs from the fully taped gradient (.recompute = "
                   "false)",
               ad.grad, taped.grad, value, ad.value, "fully taped");
        equal = false;
      }
      if (!detail::same(ad.q, taped.q, where)) {
        report("bitwise",
               "q differs from q after the fully taped call at element " +
                   std::to_string(where),
               ad.q, taped.q, value, ad.value, "q, fully taped");
        equal = false;
      }
      c.bitwise += equal;
    }

    // The other request's checks that need no finite differences; the rest
    // runs at the end, where the point is checked.
    const std::function<void()> later = extra_exact<Sig>(
        extra, df, p, rx, ad, value, plain_q, by_pullback, report, dig);

    if (std::fabs(value) > 1e6)
      return end("huge", c.huge);
    if (near < 1e-4)
      return end("branch", c.branch);
    // The twins may differ in the last bits: the optimizer folds library
    // calls differently in each.
    if (!(std::fabs(probed - value) <= 1e-9 * (1 + std::fabs(value))))
      return fail("probe",
                  "the probe twin computes another value (a generator bug)", {},
                  {}, value, probed, "");

    // Finite differences: each component of x, v, p, q; u along random
    // directions and at its ends. Each entry: the tangent value (a
    // component, or the gradient along a direction), fd, error scale.
    struct estimate {
      std::string what;
      double ad, fd, err, scale;
    };
    std::vector<estimate> checks;
    auto central = [&](auto &&shift, double h, double &c1, double &c2) {
      c1 = (shift(h) - shift(-h)) / (2 * h);
      c2 = (shift(h / 2) - shift(-h / 2)) / h;
    };
    const auto segments = detail::layout<Sig>(p);
    for (const detail::segment &s : segments) {
      std::vector<std::size_t> which;
      if (s.k == kind::long_vector)
        which = {0, s.size - 1};
      else
        for (std::size_t i = 0; i < s.size; ++i)
          which.push_back(i);
      for (std::size_t i : which) {
        detail::point base = p;
        const double x = detail::element(base, s, i);
        auto shift = [&](double h) {
          detail::point t = p;
          detail::element(t, s, i) = x + h;
          std::vector<double> tq = t.q;
          return call<F, Sig>(t, tq, seq);
        };
        double c1, c2;
        central(shift, 0x1p-13 * std::max(1.0, std::fabs(x)), c1, c2);
        if (!std::isfinite(c1) || !std::isfinite(c2))
          return end("nonfinite", c.nonfinite);
        const double rich = (4 * c2 - c1) / 3;
        if (std::fabs(rich) > 1e6)
          return end("huge", c.huge);
        if (std::fabs(c1 - c2) > 1e-3 * (1 + std::fabs(rich)))
          return end("fd", c.fd);
        checks.push_back({"component " + std::to_string(s.offset + i),
                          ad.grad[s.offset + i], rich, std::fabs(c1 - c2), 0});
      }
      if (s.k != kind::long_vector)
        continue;
      for (int d = 0; d < 3; ++d) {
        std::vector<double> dir(s.size);
        double along = 0, scale = 0;
        for (std::size_t i = 0; i < s.size; ++i) {
          dir[i] = r.below(2) ? 1.0 : -1.0;
          along += dir[i] * ad.grad[s.offset + i];
          scale += std::fabs(ad.grad[s.offset + i]);
        }
        auto shift = [&](double h) {
          detail::point t = p;
          for (std::size_t i = 0; i < s.size; ++i)
            t.u[i] += h * dir[i];
          std::vector<double> tq = t.q;
          return call<F, Sig>(t, tq, seq);
        };
        double c1, c2;
        central(shift, 0x1p-13, c1, c2);
        if (!std::isfinite(c1) || !std::isfinite(c2))
          return end("nonfinite", c.nonfinite);
        const double rich = (4 * c2 - c1) / 3;
        if (std::fabs(rich) > 1e6)
          return end("huge", c.huge);
        if (std::fabs(c1 - c2) > 1e-3 * (1 + std::fabs(rich) + 1e-3 * scale))
          return end("fd", c.fd);
        checks.push_back({"u along random direction " + std::to_string(d),
                          along, rich, std::fabs(c1 - c2), scale});
      }
    }
    std::vector<double> fd(components, std::nan("")), tangent_along;
    for (const estimate &e : checks) {
      if (!(std::fabs(e.ad - e.fd) <=
            1e-5 * (1 + std::fabs(e.fd)) + 4 * e.err + 1e-9 * e.scale)) {
        char buffer[160];
        std::snprintf(buffer, sizeof buffer,
                      "%s differs from finite differences: tangent %.17g, "
                      "fd %.17g",
                      e.what.c_str(), e.ad, e.fd);
        for (const estimate &o : checks)
          if (o.what.rfind("component ", 0) == 0)
            fd[std::stoul(o.what.substr(10))] = o.fd;
        report("fd", buffer, ad.grad, fd, value, ad.value,
               "finite differences");
        break;
      }
    }
    const std::string problem = check_pullback<Sig>(df, p, ad.grad);
    if (!problem.empty())
      report("pullback", problem, ad.grad, {}, value, ad.value, "");
    if (later)
      later();
    if (wrong) {
      ++c.wrong;
      return;
    }
    ++c.checked;
    if (verbose_)
      std::printf("  %s point %d ok: %zu estimates\n", name, q, checks.size());
  }

  /// "" when every loop of the last gradient call, under a memory budget of
  /// \p budget bytes, held what docs/checkpointing.md ("The bound")
  /// promises: while a loop runs and while it is reversed, at most
  /// max(budget, what the call held when the loop began) plus twice the
  /// loop's largest iteration tape, plus the tape's 4 KiB accounting blocks
  /// (read as the strategy matrix reads them, test/e2e/check_strategies.hpp:
  /// two, per thread the request may use). What the call tapes outside
  /// the loops is not bounded there. Notes the largest loop peak in \p c.
  static std::string budget_problem(long long budget, int threads, counts &c) {
    std::string problem;
    for (const tangent::loop_strategy &l : tangent::stats::last_strategies()) {
      const std::size_t bound =
          std::max(static_cast<std::size_t>(budget), l.held_bytes) +
          2 * l.largest_step_tape_bytes +
          2 * tangent::tape::block_bytes * static_cast<std::size_t>(threads);
      if (c.bound == 0 || l.peak_bytes > c.peak)
        c.peak = l.peak_bytes, c.bound = bound;
      if (l.peak_bytes > bound && problem.empty())
        problem = l.loop + " (" + tangent::to_string(l.kind) + "): peak " +
                  std::to_string(l.peak_bytes) +
                  " bytes above the documented bound " + std::to_string(bound) +
                  " (max(.memory_budget " + std::to_string(budget) +
                  ", held when the loop began " + std::to_string(l.held_bytes) +
                  ") + 2 x largest iteration " + "tape " +
                  std::to_string(l.largest_step_tape_bytes) + " + 2 x 4096 x " +
                  std::to_string(threads) + ")" + loop_list();
    }
    return problem;
  }

  /// The loops of the last gradient call and what they chose (for a budget
  /// report): each loop once, with how often it decided and its largest
  /// iteration tape; at most six.
  static std::string loop_list() {
    struct entry {
      std::string loop, kind;
      int runs = 0;
      std::size_t tape = 0, state = 0, peak = 0, held = 0;
    };
    std::vector<entry> loops;
    for (const tangent::loop_strategy &l : tangent::stats::last_strategies()) {
      const std::string kind = tangent::to_string(l.kind);
      auto it = std::find_if(loops.begin(), loops.end(), [&](const entry &e) {
        return e.loop == l.loop && e.kind == kind;
      });
      if (it == loops.end())
        it = loops.insert(loops.end(), entry{l.loop, kind});
      ++it->runs;
      it->tape = std::max(it->tape, l.largest_step_tape_bytes);
      it->state = std::max(it->state, l.state_bytes);
      it->peak = std::max(it->peak, l.peak_bytes);
      it->held = std::max(it->held, l.held_bytes);
    }
    std::string text;
    for (std::size_t k = 0; k < loops.size() && k < 6; ++k)
      text += "; " + loops[k].loop + ": " + loops[k].kind + " (" +
              std::to_string(loops[k].runs) + " runs, iteration tape up to " +
              std::to_string(loops[k].tape) + " B, state " +
              std::to_string(loops[k].state) + " B, held up to " +
              std::to_string(loops[k].held) + " B, peak up to " +
              std::to_string(loops[k].peak) + " B)";
    if (loops.size() > 6)
      text += "; ... (" + std::to_string(loops.size()) + " loops)";
    if (loops.empty())
      text += "; no loop decided";
    return text;
  }

  // The extra checks of another request. extra_exact runs at every point
  // where f is finite (like the value, memory and bitwise checks) and
  // returns what runs where the point is checked against finite
  // differences (or nothing).

  template <class Sig, auto F, tangent::options O, class Report>
  std::function<void()>
  extra_exact(const gradient_only &, const tangent::gradient<F, O> &,
              const detail::point &, fuzz_rng::rng &, const detail::result &,
              double, const std::vector<double> &, bool, Report &,
              detail::digest &) {
    return {};
  }
  template <class Sig, auto F, tangent::options O, class Report>
  std::function<void()>
  extra_exact(const pullback_request &, const tangent::gradient<F, O> &,
              const detail::point &, fuzz_rng::rng &, const detail::result &,
              double, const std::vector<double> &, bool, Report &,
              detail::digest &) {
    return {};
  }

  /// A unit direction along one component (not of u), drawn from \p r.
  template <class Sig>
  static detail::point unit_direction(const detail::point &p,
                                      fuzz_rng::rng &r) {
    detail::point d = detail::zero_direction(p);
    std::vector<std::pair<detail::segment, std::size_t>> components;
    for (const detail::segment &s : detail::layout<Sig>(p))
      if (s.k != detail::kind::long_vector)
        for (std::size_t i = 0; i < s.size; ++i)
          components.push_back({s, i});
    const auto &[s, i] =
        components[r.below(static_cast<unsigned>(components.size()))];
    detail::element(d, s, i) = 1;
    return d;
  }

  /// Central differences of f at p along d, Richardson-extrapolated;
  /// false when they cannot be trusted (not finite, huge, or the two steps
  /// disagree: a kink inside the step).
  template <class Sig, auto F>
  static bool along(const detail::point &p, const detail::point &d,
                    double &rich, double &err) {
    const auto seq = std::make_index_sequence<Sig::arity>{};
    auto shift = [&](double h) {
      detail::point t = detail::shifted(p, d, h);
      std::vector<double> tq = t.q;
      return detail::call<F, Sig>(t, tq, seq);
    };
    const double h = 0x1p-13;
    const double c1 = (shift(h) - shift(-h)) / (2 * h);
    const double c2 = (shift(h / 2) - shift(-h / 2)) / h;
    rich = (4 * c2 - c1) / 3;
    err = std::fabs(c1 - c2);
    return std::isfinite(c1) && std::isfinite(c2) && std::fabs(rich) <= 1e6 &&
           err <= 1e-3 * (1 + std::fabs(rich));
  }

  template <class Sig, auto F, tangent::options O, class Report, class J>
  std::function<void()> extra_exact(const jvp_request<J> &e,
                                    const tangent::gradient<F, O> &,
                                    const detail::point &p, fuzz_rng::rng &rx,
                                    const detail::result &ad, double value,
                                    const std::vector<double> &plain_q, bool,
                                    Report &report, detail::digest &dig) {
    constexpr auto all = std::make_index_sequence<Sig::arity>{};
    constexpr auto tangents = detail::adjoint_indices<Sig>();
    std::vector<detail::point> dirs{detail::random_direction(p, rx)};
    dirs.push_back(unit_direction<Sig>(p, rx));
    std::vector<double> derivatives;
    std::size_t where = 0;
    for (const detail::point &d : dirs) {
      std::vector<double> q = p.q, q2 = p.q;
      detail::point raw = d;
      double val = 0, t = 0, t2 = 0;
      try {
        [&]<std::size_t... I, std::size_t... K>(std::index_sequence<I...>,
                                                std::index_sequence<K...>) {
          auto [v, dv] = e.jv.value_and_jvp(detail::sized_arg<Sig, I>(p, q)...,
                                            detail::tangent_of<Sig, K>(d)...);
          val = v;
          t = dv;
          t2 = e.jv.pushforward(detail::arg<Sig, I>(p, q2)...,
                                detail::raw_tangent_of<Sig, K>(raw)...);
        }(all, tangents);
      } catch (const std::exception &x) {
        report("exception", std::string("jvp: ") + x.what(), {}, {}, value,
               ad.value, "");
        return {};
      }
      dig.add(val);
      dig.add(t);
      dig.add(t2);
      dig.add(q);
      dig.add(raw.q);
      if (!detail::same(val, value))
        report("value", "value_and_jvp's value differs from f's", {}, {}, value,
               val, "");
      if (!detail::same(q, plain_q, where))
        report("memory",
               "q after value_and_jvp differs from what f leaves at element " +
                   std::to_string(where),
               q, plain_q, value, val, "q after f");
      if (!detail::same(q2, plain_q, where))
        report("memory",
               "q after pushforward differs from what f leaves at element " +
                   std::to_string(where),
               q2, plain_q, value, val, "q after f");
      if (!detail::same(t2, t))
        report("jvp",
               "pushforward's derivative " + std::to_string(t2) +
                   " differs from value_and_jvp's " + std::to_string(t),
               {t2}, {t}, value, val, "value_and_jvp");
      derivatives.push_back(t);
    }
    return [dirs, derivatives, &p, &ad, &report, value]() {
      for (std::size_t k = 0; k < dirs.size(); ++k) {
        const double t = derivatives[k];
        double scale = 0;
        const double gd =
            detail::dot(ad.grad, detail::flat<Sig>(dirs[k]), &scale);
        char buffer[200];
        if (!(std::fabs(t - gd) <= 1e-8 * (1 + scale + std::fabs(t)))) {
          std::snprintf(buffer, sizeof buffer,
                        "jvp along direction %zu: %.17g, the gradient along "
                        "it: %.17g",
                        k, t, gd);
          report("jvp", buffer, detail::flat<Sig>(dirs[k]), ad.grad, value,
                 ad.value, "gradient");
        }
        double rich = 0, err = 0;
        if (!along<Sig, F>(p, dirs[k], rich, err))
          continue;
        if (!(std::fabs(t - rich) <=
              1e-5 * (1 + std::fabs(rich)) + 4 * err + 1e-9 * scale)) {
          std::snprintf(buffer, sizeof buffer,
                        "jvp along direction %zu: %.17g, finite "
                        "differences: %.17g",
                        k, t, rich);
          report("jvp", buffer, detail::flat<Sig>(dirs[k]), {}, value, ad.value,
                 "");
        }
      }
    };
  }

  template <class Sig, auto F, tangent::options O, class Report, auto HF,
            tangent::options HO, class R>
  std::function<void()>
  extra_exact(const hvp_request<tangent::hessian_vector<HF, HO>, R> &e,
              const tangent::gradient<F, O> &df, const detail::point &p,
              fuzz_rng::rng &rx, const detail::result &ad, double value,
              const std::vector<double> &, bool by_pullback, Report &report,
              detail::digest &dig) {
    constexpr auto all = std::make_index_sequence<Sig::arity>{};
    constexpr auto tangents = detail::adjoint_indices<Sig>();
    const detail::point d = detail::random_direction(p, rx);
    std::vector<double> hv, hr, g2, h2;
    try {
      [&]<std::size_t... I, std::size_t... K>(std::index_sequence<I...>,
                                              std::index_sequence<K...>) {
        std::vector<double> q = p.q;
        hv = detail::flatten(e.hv(detail::sized_arg<Sig, I>(p, q)...,
                                  detail::tangent_of<Sig, K>(d)...));
        if constexpr (!std::is_same_v<R, no_reference_t>) {
          std::vector<double> q2 = p.q;
          hr = detail::flatten(e.ref(detail::sized_arg<Sig, I>(p, q2)...,
                                     detail::tangent_of<Sig, K>(d)...));
        }
        // (second_order<HF, HO> is not named here: the generator
        // specializes it at the end of the file, after this body may have
        // been instantiated.)
        if constexpr (!Sig::pointers) {
          std::vector<double> q3 = p.q;
          auto [g, h] =
              e.hv.gradient_and_hvp(detail::sized_arg<Sig, I>(p, q3)...,
                                    detail::tangent_of<Sig, K>(d)...);
          g2 = detail::flatten(g);
          h2 = detail::flatten(h);
        }
      }(all, tangents);
    } catch (const std::exception &x) {
      report("exception", std::string("hvp: ") + x.what(), {}, {}, value,
             ad.value, "");
      return {};
    }
    dig.add(hv);
    dig.add(hr);
    dig.add(g2);
    dig.add(h2);
    std::size_t where = 0;
    if (!std::is_same_v<R, no_reference_t> && !detail::same(hv, hr, where))
      report("bitwise",
             "hvp component " + std::to_string(where) +
                 " differs from the fully taped hvp (.recompute = false)",
             hv, hr, value, ad.value, "fully taped hvp");
    if (!h2.empty() && !detail::same(h2, hv, where))
      report("hvp",
             "gradient_and_hvp's product differs from hvp's at component " +
                 std::to_string(where),
             h2, hv, value, ad.value, "hvp");
    for (std::size_t k = 0; k < g2.size() && k < ad.grad.size(); ++k)
      if (!(std::fabs(g2[k] - ad.grad[k]) <=
            1e-8 * (1 + std::fabs(g2[k]) + std::fabs(ad.grad[k])))) {
        report("hvp",
               "gradient_and_hvp's gradient differs from the gradient at "
               "component " +
                   std::to_string(k),
               g2, ad.grad, value, ad.value, "gradient");
        break;
      }
    return [d, hv, &df, &p, &ad, &report, value, by_pullback]() {
      // Central differences of gradients along d, at steps h and h/2.
      const double h = 0x1p-13;
      std::vector<double> c[2];
      for (int s = 0; s < 2; ++s) {
        const double step = s == 0 ? h : h / 2;
        const detail::result plus =
            detail::run<Sig>(df, detail::shifted(p, d, step), by_pullback);
        const detail::result minus =
            detail::run<Sig>(df, detail::shifted(p, d, -step), by_pullback);
        if (!plus.problem.empty() || !minus.problem.empty() ||
            plus.grad.size() != hv.size() || minus.grad.size() != hv.size())
          return;
        c[s].resize(hv.size());
        for (std::size_t k = 0; k < hv.size(); ++k)
          c[s][k] = (plus.grad[k] - minus.grad[k]) / (2 * step);
      }
      std::vector<double> fd(hv.size());
      double scale = 0;
      for (std::size_t k = 0; k < hv.size(); ++k) {
        fd[k] = (4 * c[1][k] - c[0][k]) / 3;
        scale += std::fabs(hv[k]);
        if (!std::isfinite(fd[k]) || std::fabs(fd[k]) > 1e6 ||
            std::fabs(c[0][k] - c[1][k]) > 1e-3 * (1 + std::fabs(fd[k])))
          return; // a kink of the gradient inside the step
      }
      for (std::size_t k = 0; k < hv.size(); ++k)
        if (!(std::fabs(hv[k] - fd[k]) <= 1e-5 * (1 + std::fabs(fd[k])) +
                                              4 * std::fabs(c[0][k] - c[1][k]) +
                                              1e-9 * scale)) {
          char buffer[160];
          std::snprintf(buffer, sizeof buffer,
                        "hvp component %zu differs from central differences "
                        "of gradients: hvp %.17g, fd %.17g",
                        k, hv[k], fd[k]);
          report("hvp", buffer, hv, fd, value, ad.value,
                 "differences of gradients");
          return;
        }
    };
  }

  template <class Sig, auto F, tangent::options O, class Report, class J,
            class V>
  std::function<void()> extra_exact(const jacobian_request<J, V> &e,
                                    const tangent::gradient<F, O> &,
                                    const detail::point &p, fuzz_rng::rng &rx,
                                    const detail::result &ad, double value,
                                    const std::vector<double> &, bool,
                                    Report &report, detail::digest &dig) {
    constexpr auto all = std::make_index_sequence<Sig::arity>{};
    constexpr auto tangents = detail::adjoint_indices<Sig>();
    // Unit directions along the components of x, v and p; two random
    // directions of +-1 for u.
    std::vector<detail::point> dirs;
    for (const detail::segment &s : detail::layout<Sig>(p)) {
      if (s.k == detail::kind::long_vector) {
        for (int k = 0; k < 2; ++k) {
          detail::point d = detail::zero_direction(p);
          for (double &x : d.u)
            x = rx.below(2) ? 1.0 : -1.0;
          dirs.push_back(d);
        }
        continue;
      }
      for (std::size_t i = 0; i < s.size; ++i) {
        detail::point d = detail::zero_direction(p);
        detail::element(d, s, i) = 1;
        dirs.push_back(d);
      }
    }
    std::vector<std::vector<double>> rows, columns;
    try {
      [&]<std::size_t... I, std::size_t... K>(std::index_sequence<I...>,
                                              std::index_sequence<K...>) {
        std::vector<double> q = p.q;
        for (const auto &row : e.jac(detail::sized_arg<Sig, I>(p, q)...))
          rows.push_back(detail::flatten(row));
        for (const detail::point &d : dirs) {
          std::vector<double> q2 = p.q;
          columns.push_back(e.jv(detail::sized_arg<Sig, I>(p, q2)...,
                                 detail::tangent_of<Sig, K>(d)...));
        }
      }(all, tangents);
    } catch (const std::exception &x) {
      report("exception", std::string("jacobian: ") + x.what(), {}, {}, value,
             ad.value, "");
      return {};
    }
    for (const std::vector<double> &row : rows)
      dig.add(row);
    for (const std::vector<double> &column : columns)
      dig.add(column);
    const std::size_t n = ad.grad.size();
    for (std::size_t i = 0; i < rows.size(); ++i)
      if (rows[i].size() != n) {
        report("jacobian",
               "row " + std::to_string(i) + " has " +
                   std::to_string(rows[i].size()) + " components, not " +
                   std::to_string(n),
               rows[i], ad.grad, value, ad.value, "gradient");
        return {};
      }
    if (rows.empty()) {
      report("jacobian", "no rows", {}, {}, value, ad.value, "");
      return {};
    }
    // Both NaN (a partial 0/0, seed 1075's f16) agree: two modes computed
    // the same undefined derivative.
    for (std::size_t k = 0; k < n; ++k)
      if (!(std::fabs(rows[0][k] - ad.grad[k]) <=
            1e-8 * (1 + std::fabs(rows[0][k]) + std::fabs(ad.grad[k]))) &&
          !(std::isnan(rows[0][k]) && std::isnan(ad.grad[k]))) {
        report("jacobian",
               "row 0 (f's value) differs from the gradient at component " +
                   std::to_string(k),
               rows[0], ad.grad, value, ad.value, "gradient");
        break;
      }
    for (std::size_t c = 0; c < dirs.size(); ++c) {
      const std::vector<double> d = detail::flat<Sig>(dirs[c]);
      if (columns[c].size() != rows.size()) {
        report("jacobian",
               "jvp of the rows function has " +
                   std::to_string(columns[c].size()) +
                   " outputs, the "
                   "Jacobian " +
                   std::to_string(rows.size()) + " rows",
               columns[c], {}, value, ad.value, "");
        return {};
      }
      for (std::size_t i = 0; i < rows.size(); ++i) {
        // A row with a partial that is not finite (0/0 in a statement whose
        // result is never used: seed 1075's f16, where reverse mode gives
        // NaN and the jvp 0) says nothing along a direction.
        if (!std::all_of(rows[i].begin(), rows[i].end(),
                         [](double x) { return std::isfinite(x); }))
          continue;
        double scale = 0;
        const double expect = detail::dot(rows[i], d, &scale);
        const double got = columns[c][i];
        if (!(std::fabs(got - expect) <= 1e-8 * (1 + scale + std::fabs(got)))) {
          char buffer[200];
          std::snprintf(buffer, sizeof buffer,
                        "direction %zu, output %zu: jvp %.17g, the "
                        "Jacobian's rows along it %.17g",
                        c, i, got, expect);
          report("jacobian", buffer, columns[c], {}, value, ad.value, "");
          return {};
        }
      }
    }
    return {};
  }

  /// pullback(args..., adjoints..., 2) into zero adjoints: bitwise twice
  /// the gradient (scaling by 2 rounds nothing but subnormals). Then
  /// pullback(args..., adjoints..., 1.5) into adjoints holding 0.5, 0.75, ...
  /// (0 for q, whose adjoint on entry is that of its final values): what it
  /// adds is 1.5 times the gradient, to a tolerance of 1e-9 of the magnitudes
  /// (the sums start from other values, and cancellation in them amplifies the
  /// rounding: seed 1016's f12 differs by 6e-12 relative); a contribution
  /// dropped or added twice, or adjoints overwritten instead of added to,
  /// is far off.
  template <class Sig, auto F, tangent::options O>
  static std::string check_pullback(const tangent::gradient<F, O> &df,
                                    const detail::point &p,
                                    const std::vector<double> &ad) {
    using detail::kind;
    auto fresh = [&] {
      return detail::adjoints{
          std::vector<double>(p.x.size()), std::vector<double>(p.v.size()),
          std::vector<double>(p.u.size()), std::vector<double>(p.p.size()),
          std::vector<double>(p.q.size(), 0.0)};
    };
    auto run = [&](detail::adjoints &a, double seed) {
      std::vector<double> q = p.q;
      try {
        detail::pullback<Sig>(df, p, q, a, seed,
                              std::make_index_sequence<Sig::arity>{},
                              detail::adjoint_indices<Sig>());
      } catch (...) {
        return false;
      }
      return true;
    };
    auto describe = [](const char *what, std::size_t j, double expected,
                       double got) {
      char buffer[240];
      std::snprintf(buffer, sizeof buffer,
                    "%s: component %zu expected %.17g got %.17g", what, j,
                    expected, got);
      return std::string(buffer);
    };
    detail::adjoints twice = fresh();
    if (!run(twice, 2.0))
      return "pullback threw";
    const std::vector<double> doubled = twice.flat<Sig>(p);
    // Subnormal products round absolutely, not relatively (seed 1075's f00:
    // -4.5011e-319 for -4.5009e-319): within 1e-300 of it counts as twice.
    for (std::size_t j = 0; j < doubled.size(); ++j)
      if (!detail::same(doubled[j], 2.0 * ad[j]) &&
          !(std::fabs(doubled[j] - 2.0 * ad[j]) <= 1e-300))
        return describe("pullback with seed 2 into zero adjoints, not "
                        "bitwise twice the gradient",
                        j, 2.0 * ad[j], doubled[j]);
    constexpr double seed = 1.5;
    detail::adjoints a = fresh();
    double next = 0.5;
    for (auto *part : {&a.x, &a.v, &a.u, &a.p})
      for (double &e : *part) {
        e = next;
        next += 0.25;
        if (next > 4)
          next = 0.5;
      }
    const std::vector<double> init = a.flat<Sig>(p);
    if (!run(a, seed))
      return "pullback threw";
    const std::vector<double> got = a.flat<Sig>(p);
    for (std::size_t j = 0; j < got.size(); ++j) {
      const double expected = init[j] + seed * ad[j];
      const double scale = std::fabs(init[j]) + std::fabs(seed * ad[j]);
      if (!(std::fabs(got[j] - expected) <= 1e-9 * (1 + scale)))
        return describe("pullback with seed 1.5 into non-zero adjoints", j,
                        expected, got[j]);
    }
    return "";
  }

  void skip(const char *name, int q, const char *why, int &counter) {
    ++counter;
    if (verbose_)
      std::printf("  %s point %d skipped: %s\n", name, q, why);
  }

  void report_wrong(const char *name, int q, const char *strategy,
                    const char *kind, const detail::point &p,
                    const std::string &problem, const std::vector<double> &ad,
                    const std::vector<double> &other, double value,
                    double ad_value, const char *other_name) {
    std::printf("WRONG seed=%llu function=%s point=%d strategy=%s kind=%s: "
                "%s\n"
                "  x = %s\n  v = %s\n  n = %d\n",
                static_cast<unsigned long long>(seed_), name, q, strategy, kind,
                problem.c_str(), detail::list(p.x).c_str(),
                detail::list(p.v).c_str(), p.n);
    if (!p.u.empty())
      std::printf("  u = %s\n", detail::list(p.u, 8).c_str());
    if (!p.p.empty())
      std::printf("  p = %s\n", detail::list(p.p).c_str());
    if (!p.q.empty())
      std::printf("  q = %s\n", detail::list(p.q).c_str());
    std::printf("  value: f %.17g, tangent %.17g\n  tangent: %s\n", value,
                ad_value, detail::list(ad).c_str());
    if (*other_name)
      std::printf("  %s: %s\n", other_name, detail::list(other).c_str());
    std::fflush(stdout);
  }

  std::uint64_t seed_;
  int points_;
  bool verbose_ = false;
  bool check_peaks_ = false;
  int functions_ = 0, checked_functions_ = 0, wrong_functions_ = 0;
  counts total_;
};

} // namespace fz

#endif // TANGENT_FUZZ_HARNESS_HPP
