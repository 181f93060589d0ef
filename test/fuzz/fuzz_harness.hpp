//===- test/fuzz/fuzz_harness.hpp - checks of the generated programs ------===//
///
/// \file
/// Included by every program tangent_fuzz_gen writes. For each checked
/// function f (signature `double f(double x0, ..., const std::vector<double>
/// &v, int n)`), `session::check` draws points from the seed and compares
/// tangent's gradient, `tangent::grad<f>().value_and_grad(...)`, with central
/// finite differences of f at two steps, h and h/2 (Richardson-extrapolated).
///
/// A point is skipped, not checked, when f cannot be trusted there:
///   nonfinite  f or one of its finite-difference evaluations is not finite
///   huge       |f| > 1e6 or a finite-difference derivative > 1e6
///   branch     the probe twin of f (namespace probe) saw a comparison or a
///              kink (fabs, fmin, floor, ...) within 1e-4 (relative) of
///              switching, or an unrestricted denominator that close to 0
///   fd         the two finite-difference estimates disagree by more than
///              1e-3 (relative): a kink or jump inside the step
/// Otherwise every component must satisfy |tangent - fd| <= 1e-5 (1 + |fd|)
/// + 4 |fd(h) - fd(h/2)|, the value must be f's, and a pullback with seed 1.5
/// into adjoints holding 0.5, 0.75, ... must accumulate 1.5 times the
/// gradient. A failure prints the seed, the function, the point and both
/// gradients. A crash (signal) prints the function and point being checked.
///
/// Output: one line per function (`f03: checked 4 skipped 0 wrong 0`), WRONG
/// blocks, and a final `SUMMARY seed=... functions=... checked_functions=...
/// points_checked=... points_skipped=... wrong_points=... wrong_functions=...`
/// line; finish() returns non-zero when anything was wrong.
///
/// `./program --verbose` also prints every point.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FUZZ_HARNESS_HPP
#define TANGENT_FUZZ_HARNESS_HPP

#include "fuzz_rng.hpp"

#include <tangent/tangent.hpp>

#include <algorithm>
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
inline void note(double distance, double a, double b) {
  double m = std::fabs(distance) / (1.0 + std::fabs(a) + std::fabs(b));
  if (std::isnan(m)) // a comparison of NaN: as bad as it gets
    m = 0;
  if (m < margin())
    margin() = m;
}
inline bool lt(double a, double b) { return note(a - b, a, b), a < b; }
inline bool gt(double a, double b) { return note(a - b, a, b), a > b; }
inline bool le(double a, double b) { return note(a - b, a, b), a <= b; }
inline bool ge(double a, double b) { return note(a - b, a, b), a >= b; }
/// An unrestricted denominator: near zero is a singularity.
inline double kden(double x) { return note(x, x, 0), x; }
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
  return note(std::fabs(a) + std::fabs(b), 0, 0), std::hypot(a, b);
}
inline double kcbrt(double x) { return note(x, x, 0), std::cbrt(x); }
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

struct point {
  std::vector<double> x;
  std::vector<double> v;
  int n = 0;
};

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

template <class> struct scalars;
template <class... A> struct scalars<double (*)(A...)> {
  static constexpr std::size_t value = sizeof...(A) - 2;
};

template <auto F, std::size_t... I>
double call(const point &p, std::index_sequence<I...>) {
  return F(p.x[I]..., p.v, p.n);
}

inline std::string list(const std::vector<double> &values) {
  std::string text = "{";
  char buffer[40];
  for (std::size_t k = 0; k < values.size(); ++k) {
    std::snprintf(buffer, sizeof buffer, "%s%.17g", k ? ", " : "", values[k]);
    text += buffer;
  }
  return text + "}";
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

  template <auto Probe, auto F, tangent::options O>
  void check(const char *name, int index, const tangent::gradient<F, O> &df) {
    constexpr std::size_t k = detail::scalars<decltype(F)>::value;
    counts c;
    for (int q = 0; q < points_; ++q) {
      fuzz_rng::rng r(fuzz_rng::stream_seed(
          seed_, 5000 + 100 * static_cast<std::uint64_t>(index) +
                     static_cast<std::uint64_t>(q)));
      detail::point p;
      for (std::size_t i = 0; i < k; ++i)
        p.x.push_back(r.uniform(-2.0, 2.0));
      p.v.resize(static_cast<std::size_t>(r.range(3, 6)));
      for (double &e : p.v)
        e = r.uniform(-2.0, 2.0);
      p.n = r.range(0, 5);
      std::snprintf(detail::crash_message(), 256,
                    "CRASH seed=%llu function=%s point=%d\n",
                    static_cast<unsigned long long>(seed_), name, q);
      check_point<Probe, F, O, k>(name, q, df, p, c);
    }
    std::snprintf(detail::crash_message(), 256,
                  "CRASH seed=%llu after function=%s\n",
                  static_cast<unsigned long long>(seed_), name);
    std::printf("%s: checked %d skipped %d (nonfinite %d huge %d branch %d "
                "fd %d) wrong %d\n",
                name, c.checked, c.skipped(), c.nonfinite, c.huge, c.branch,
                c.fd, c.wrong);
    std::fflush(stdout);
    ++functions_;
    checked_functions_ += c.checked > 0;
    wrong_functions_ += c.wrong > 0;
    total_.add(c);
  }

  int finish() {
    std::printf("SUMMARY seed=%llu functions=%d checked_functions=%d "
                "points_checked=%d points_skipped=%d (nonfinite %d huge %d "
                "branch %d fd %d) wrong_points=%d wrong_functions=%d\n",
                static_cast<unsigned long long>(seed_), functions_,
                checked_functions_, total_.checked, total_.skipped(),
                total_.nonfinite, total_.huge, total_.branch, total_.fd,
                total_.wrong, wrong_functions_);
    std::fflush(stdout);
    return wrong_functions_ > 0 ? 1 : 0;
  }

private:
  struct counts {
    int checked = 0, wrong = 0, nonfinite = 0, huge = 0, branch = 0, fd = 0;
    int skipped() const { return nonfinite + huge + branch + fd; }
    void add(const counts &o) {
      checked += o.checked, wrong += o.wrong, nonfinite += o.nonfinite;
      huge += o.huge, branch += o.branch, fd += o.fd;
    }
  };

  template <auto Probe, auto F, tangent::options O, std::size_t K>
  void check_point(const char *name, int q, const tangent::gradient<F, O> &df,
                   const detail::point &p, counts &c) {
    using detail::call;
    const auto seq = std::make_index_sequence<K>{};
    margin() = std::numeric_limits<double>::infinity();
    const double probed = call<Probe>(p, seq);
    const double near = margin();
    const double value = call<F>(p, seq);
    if (!std::isfinite(value))
      return skip(name, q, "nonfinite", c.nonfinite);
    if (std::fabs(value) > 1e6)
      return skip(name, q, "huge", c.huge);
    if (near < 1e-4)
      return skip(name, q, "branch", c.branch);
    // The twins may differ in the last bits: the optimizer folds library
    // calls differently in each.
    if (!(std::fabs(probed - value) <= 1e-9 * (1 + std::fabs(value)))) {
      report_wrong(name, q, p,
                   "the probe twin computes another value (a generator bug)",
                   {}, {}, value, probed);
      ++c.wrong;
      return;
    }

    // Finite differences over the flattened inputs x0.., v[0]..
    std::vector<double> fd, err;
    for (std::size_t j = 0; j < K + p.v.size(); ++j) {
      auto shifted = [&](double h) {
        detail::point s = p;
        double &t = j < K ? s.x[j] : s.v[j - K];
        t += h;
        return call<F>(s, seq);
      };
      const double base = j < K ? p.x[j] : p.v[j - K];
      const double h = 0x1p-13 * std::max(1.0, std::fabs(base));
      double c1 = (shifted(h) - shifted(-h)) / (2 * h);
      double c2 = (shifted(h / 2) - shifted(-h / 2)) / h;
      if (!std::isfinite(c1) || !std::isfinite(c2))
        return skip(name, q, "nonfinite", c.nonfinite);
      const double rich = (4 * c2 - c1) / 3;
      if (std::fabs(rich) > 1e6)
        return skip(name, q, "huge", c.huge);
      if (std::fabs(c1 - c2) > 1e-3 * (1 + std::fabs(rich)))
        return skip(name, q, "fd", c.fd);
      fd.push_back(rich);
      err.push_back(std::fabs(c1 - c2));
    }

    std::vector<double> ad;
    double ad_value = 0;
    std::string problem = run_ad<F, O>(df, p, seq, ad_value, ad);
    if (problem.empty() && ad.size() != fd.size())
      problem = "tangent returned " + std::to_string(ad.size()) +
                " components, expected " + std::to_string(fd.size());
    if (problem.empty() &&
        !(std::fabs(ad_value - value) <= 1e-9 * (1 + std::fabs(value))))
      problem = "value differs from f";
    for (std::size_t j = 0; problem.empty() && j < fd.size(); ++j)
      if (!(std::fabs(ad[j] - fd[j]) <=
            1e-5 * (1 + std::fabs(fd[j])) + 4 * err[j]))
        problem = "component " + std::to_string(j) + " differs";
    if (problem.empty())
      problem = check_pullback<F, O>(df, p, seq, ad);
    if (!problem.empty()) {
      report_wrong(name, q, p, problem, ad, fd, value, ad_value);
      ++c.wrong;
      return;
    }
    ++c.checked;
    if (verbose_)
      std::printf("  %s point %d ok: fd %s\n", name, q,
                  detail::list(fd).c_str());
  }

  template <auto F, tangent::options O, std::size_t... I>
  static std::string run_ad(const tangent::gradient<F, O> &df,
                            const detail::point &p, std::index_sequence<I...>,
                            double &value, std::vector<double> &ad) {
    try {
      auto [v, g] = df.value_and_grad(p.x[I]..., p.v, p.n);
      value = v;
      ad = detail::flatten(g);
    } catch (const std::exception &e) {
      return std::string("exception: ") + e.what();
    } catch (...) {
      return "unknown exception";
    }
    return "";
  }

  /// pullback(args..., adjoints..., 1.5) into adjoints holding 0.5, 0.75, ...
  template <auto F, tangent::options O, std::size_t... I>
  static std::string
  check_pullback(const tangent::gradient<F, O> &df, const detail::point &p,
                 std::index_sequence<I...>, const std::vector<double> &ad) {
    constexpr double seed = 1.5;
    std::vector<double> xs(sizeof...(I)), vs(p.v.size());
    for (std::size_t j = 0; j < xs.size(); ++j)
      xs[j] = 0.5 + 0.25 * static_cast<double>(j);
    for (std::size_t j = 0; j < vs.size(); ++j)
      vs[j] = 0.5 + 0.25 * static_cast<double>(xs.size() + j);
    std::vector<double> init = xs;
    init.insert(init.end(), vs.begin(), vs.end());
    try {
      df.pullback(p.x[I]..., p.v, p.n, &xs[I]..., vs, seed);
    } catch (...) {
      return "pullback threw";
    }
    std::vector<double> got = xs;
    got.insert(got.end(), vs.begin(), vs.end());
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

  void report_wrong(const char *name, int q, const detail::point &p,
                    const std::string &problem, const std::vector<double> &ad,
                    const std::vector<double> &fd, double value,
                    double ad_value) {
    std::printf("WRONG seed=%llu function=%s point=%d: %s\n"
                "  x = %s\n  v = %s\n  n = %d\n"
                "  value: f %.17g, tangent %.17g\n"
                "  tangent gradient: %s\n  finite differences: %s\n",
                static_cast<unsigned long long>(seed_), name, q,
                problem.c_str(), detail::list(p.x).c_str(),
                detail::list(p.v).c_str(), p.n, value, ad_value,
                detail::list(ad).c_str(), detail::list(fd).c_str());
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
