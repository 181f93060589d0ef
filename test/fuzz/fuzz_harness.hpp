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
///     `value_and_grad`, or, with pointer parameters, `pullback` into zero
///     adjoints. Its value must be f's, **bitwise** (`==`), and q must hold
///     what it held on entry, bitwise (pullback restores the memory f writes
///     through its pointers, docs/api.md);
///  3. for a request with another strategy than the default (options,
///     [[tangent::checkpoint]] attributes), computes the fully taped gradient
///     (`.recompute = false`, of a twin without attributes when there are
///     some) and requires value, gradient and q to be bitwise equal (`==`,
///     NaN equal to NaN) to the strategy's. Steps 2 and 3 run at every point
///     where f is finite, also those skipped below;
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
///     times that gradient.
///
/// Output: one line per function (`f03: checked 4 skipped 0 (...) wrong 0
/// bitwise 4 strategy=budget-2k loops=full_tape:4,binomial:4`: under a
/// memory budget, what the loops chose, from tangent::stats::
/// last_strategies()), WRONG blocks (`WRONG seed=S function=f03
/// point=P strategy=X kind=K: ...` with K one of value, memory, bitwise, fd,
/// pullback, exception, probe), and a final `SUMMARY seed=...` line;
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
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <unistd.h>
#include <utility>
#include <vector>

namespace fz {

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

/// `==`, with NaN equal to NaN: what "bitwise identical" means in tangent's
/// checkpointing tests.
inline bool same(double a, double b) {
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

/// Gradient at p through value_and_grad (no pointers) or pullback into zero
/// adjoints.
template <class Sig, auto F, tangent::options O>
result run(const tangent::gradient<F, O> &df, const point &p) {
  result r;
  r.q = p.q;
  constexpr auto all = std::make_index_sequence<Sig::arity>{};
  try {
    if constexpr (!Sig::pointers) {
      auto each = [&]<std::size_t... I>(std::index_sequence<I...>) {
        return df.value_and_grad(arg<Sig, I>(p, r.q)...);
      };
      auto [value, g] = each(all);
      r.value = value;
      r.grad = flatten(g);
    } else {
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

} // namespace detail

class session {
public:
  session(std::uint64_t seed, int points, int argc, char **argv)
      : seed_(seed), points_(points) {
    for (int i = 1; i < argc; ++i)
      verbose_ |= std::strcmp(argv[i], "--verbose") == 0;
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
      std::signal(sig, detail::on_signal);
  }

  /// Checks df, a request with the default strategy (or the fully taped
  /// one itself, with no attribute in reach).
  template <auto Probe, auto F, tangent::options O>
  void check(const char *name, int index, const char *strategy,
             const tangent::gradient<F, O> &df) {
    check_all<Probe, F, O, F, O>(name, index, strategy, df, nullptr);
  }

  /// Checks df and requires it to be bitwise equal to ref, the fully taped
  /// request.
  template <auto Probe, auto F, tangent::options O, auto G, tangent::options R>
  void check(const char *name, int index, const char *strategy,
             const tangent::gradient<F, O> &df,
             const tangent::gradient<G, R> &ref) {
    check_all<Probe, F, O, G, R>(name, index, strategy, df, &ref);
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
    int skipped() const { return nonfinite + huge + branch + fd; }
    void add(const counts &o) {
      checked += o.checked, wrong += o.wrong, nonfinite += o.nonfinite;
      huge += o.huge, branch += o.branch, fd += o.fd, bitwise += o.bitwise;
    }
  };

  template <auto Probe, auto F, tangent::options O, auto G, tangent::options R>
  void check_all(const char *name, int index, const char *strategy,
                 const tangent::gradient<F, O> &df,
                 const tangent::gradient<G, R> *ref) {
    using Sig = detail::signature<decltype(F)>;
    counts c;
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
      std::snprintf(detail::crash_message(), 256,
                    "CRASH seed=%llu function=%s point=%d strategy=%s\n",
                    static_cast<unsigned long long>(seed_), name, q, strategy);
      check_point<Sig, Probe, F, O, G, R>(name, q, strategy, df, ref, p, r, c);
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
    }
    std::printf("%s: checked %d skipped %d (nonfinite %d huge %d branch %d "
                "fd %d) wrong %d bitwise %d strategy=%s%s\n",
                name, c.checked, c.skipped(), c.nonfinite, c.huge, c.branch,
                c.fd, c.wrong, c.bitwise, strategy, loops.c_str());
    std::fflush(stdout);
    ++functions_;
    checked_functions_ += c.checked > 0;
    wrong_functions_ += c.wrong > 0;
    total_.add(c);
  }

  template <class Sig, auto Probe, auto F, tangent::options O, auto G,
            tangent::options R>
  void check_point(const char *name, int q, const char *strategy,
                   const tangent::gradient<F, O> &df,
                   const tangent::gradient<G, R> *ref, const detail::point &p,
                   fuzz_rng::rng &r, counts &c) {
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
    const detail::result ad = detail::run<Sig>(df, p);
    if (O.memory_budget > 0) // what the loops chose under the budget
      for (const tangent::loop_strategy &l : tangent::stats::last_strategies())
        ++c.loops[static_cast<std::size_t>(l.kind) % c.loops.size()];
    if (!ad.problem.empty())
      return fail("exception", ad.problem, {}, {}, value, ad.value, "");
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
    if (wrong) {
      ++c.wrong;
      return;
    }
    ++c.checked;
    if (verbose_)
      std::printf("  %s point %d ok: %zu estimates\n", name, q, checks.size());
  }

  /// pullback(args..., adjoints..., 1.5) into adjoints holding 0.5, 0.75,
  /// ... (0 for q, whose adjoint on entry is that of its final values).
  template <class Sig, auto F, tangent::options O>
  static std::string check_pullback(const tangent::gradient<F, O> &df,
                                    const detail::point &p,
                                    const std::vector<double> &ad) {
    using detail::kind;
    constexpr double seed = 1.5;
    detail::adjoints a{
        std::vector<double>(p.x.size()), std::vector<double>(p.v.size()),
        std::vector<double>(p.u.size()), std::vector<double>(p.p.size()),
        std::vector<double>(p.q.size(), 0.0)};
    double next = 0.5;
    for (auto *part : {&a.x, &a.v, &a.u, &a.p})
      for (double &e : *part) {
        e = next;
        next += 0.25;
        if (next > 4)
          next = 0.5;
      }
    const std::vector<double> init = a.flat<Sig>(p);
    std::vector<double> q = p.q;
    try {
      detail::pullback<Sig>(df, p, q, a, seed,
                            std::make_index_sequence<Sig::arity>{},
                            detail::adjoint_indices<Sig>());
    } catch (...) {
      return "pullback threw";
    }
    const std::vector<double> got = a.flat<Sig>(p);
    for (std::size_t j = 0; j < got.size(); ++j) {
      const double expected = init[j] + seed * ad[j];
      if (!(std::fabs(got[j] - expected) <= 1e-12 * (1 + std::fabs(expected))))
        return "pullback with seed 1.5 into non-zero adjoints: component " +
               std::to_string(j) + " expected " + std::to_string(expected) +
               " got " + std::to_string(got[j]);
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
  int functions_ = 0, checked_functions_ = 0, wrong_functions_ = 0;
  counts total_;
};

} // namespace fz

#endif // TANGENT_FUZZ_HARNESS_HPP
