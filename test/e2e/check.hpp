//===- test/e2e/check.hpp - finite-difference harness for e2e programs ----===//
///
/// \file
/// The harness of the end-to-end programs. Each program requests gradients
/// exactly as a user would, `tangent::grad<f>()`, and checks them against
/// central finite differences (Richardson-extrapolated) of `f` itself, never
/// against output of the generator.
///
/// Checks (each prints one line, `PASS name`, `FAIL name: ...` or
/// `SKIP name: ...`; `summary()` prints `N passed, M failed` and returns the
/// exit status of `main`):
///
///   check(name, [tol,] df, args...)               df(args...) vs FD of f
///   check_value_and_grad(name, [tol,] df, args...) value and gradient
///   check_pullback(name, df, seed, args...)       pullback into non-zero
///                                                 adjoints: init + seed * FD
///                                                 (raw pointer parameters
///                                                 too, sized as in the
///                                                 self-test mode below)
///   check_near(name, got, expected, [tol])        two values (flattened)
///   check_same(name, a, b)                        exact (==) equality of two
///                                                 gradients of the generator
///   check_custom(name, got, custom, truth, [tol]) a deliberately "wrong"
///                                                 user-provided derivative
///   check_true(name, condition)
///
/// `df` is the object `tangent::grad<f, O>()` returns; `f` and `O` (its `wrt`
/// selection) are read from its type; `f` may be a member function (the
/// object comes first). Differentiable parameters are those of the API
/// contract: floating scalars, `std::vector` and `std::array` of floating
/// point, and objects whose type lists its floating-point fields:
///
///   template <> struct tangent_test::fields<Params> {
///     static auto of(Params &p) { return std::tie(p.k, p.c); }
///   };
///
/// (double scalars, vectors, arrays or C arrays of double, or such objects);
/// the harness perturbs, compares and zeroes them in that order. Everything
/// else is passed through unchanged.
///
/// Tolerances: |got - expected| <= abs + rel * |expected|, `double_tol`
/// (1e-6 + 1e-5) by default, `float_tol` (1e-3 + 1e-3) when f returns float or
/// has a float differentiable parameter.
///
/// Primal values: `check`, `check_value_and_grad` and `check_pullback` call
/// the gradient on copies of the arguments (raw pointers into copies of the
/// arrays) and also require f's value from that call (value_and_grad's
/// first, pullback's result) to equal (==, no tolerance) a plain call of f
/// on another copy, and what the call left in f's writable parameters
/// (pointers to non-const floating point, non-const references to
/// differentiable types) to be, bitwise, what they held before: pullback
/// leaves that memory as it found it (written_failure). These comparisons
/// go into the failure message of the same check line, and not into the
/// bit log.
///
/// Strategy matrix (-DTANGENT_TEST_STRATEGIES, the `strategies` tests):
/// the same three checks also compare, bitwise, the request with
/// checkpointing, two threads, no recomputation and memory budgets from 1
/// byte to everything-fits against its fully taped twin request; see
/// check_strategies.hpp.
///
/// Self-test mode (-DTANGENT_E2E_SELFTEST, any C++20 compiler, no plugin)
/// -----------------------------------------------------------------------
/// This header then supplies a partial specialization of `tangent::adjoint<F,
/// O>` for every function F, with the signature the generator's explicit
/// specializations have (`pullback(f's parameters, adjoints..., double seed)`,
/// adjoints accumulated into). It computes the pullback with plain central
/// differences at a 16x smaller step than the reference, so the programs run
/// unchanged through the real `tangent::gradient` object and every check must
/// pass: this proves that the programs compile, that the evaluation points
/// are well away from kinks and branch switches, and that the reference FD is
/// stable. A raw pointer parameter takes its extent from the nearest integral
/// parameter after it (else before it). Checks that compare two generator
/// gradients exactly (`check_same`) are skipped; `check_custom` compares with
/// the true derivative instead of the deliberately scaled one.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_E2E_CHECK_HPP
#define TANGENT_E2E_CHECK_HPP

#if __has_include(<tangent/tangent.hpp>)
#include <tangent/tangent.hpp>
#else
#include <tangent/grad.hpp>
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tangent_test {

/// The floating-point fields of a class type, listed by the test (see above).
template <class T> struct fields;

/// Accepts |got - expected| <= abs + rel * |expected|.
struct tolerance {
  double abs;
  double rel;
};
inline constexpr tolerance double_tol{1e-6, 1e-5};
inline constexpr tolerance float_tol{1e-3, 1e-3};
/// For function values (the forward sweep may round differently).
inline constexpr tolerance value_tol{1e-10, 1e-10};
inline constexpr tolerance float_value_tol{1e-5, 1e-5};
/// For values that a derivative rule determines up to rounding.
inline constexpr tolerance tight_tol{1e-12, 1e-12};

#ifdef TANGENT_E2E_SELFTEST
inline constexpr bool self_test = true;
#else
inline constexpr bool self_test = false;
#endif

/// The function whose plain call gives the value a gradient call of f must
/// return, bitwise: f itself, but for a function with an OpenMP floating
/// reduction, whose plain call sums in the order its threads finish while
/// tangent sums in iteration order (docs/openmp.md): its sequential twin,
/// which that value equals. Specialize it next to f, with f's signature.
template <auto F> inline constexpr auto primal_of = F;

namespace detail {

// Parameter kinds

template <class T> struct container_traits {
  static constexpr bool value = false;
  using element = void;
};
template <class T, class A> struct container_traits<std::vector<T, A>> {
  static constexpr bool value = std::is_floating_point_v<T>;
  using element = T;
};
template <class T, std::size_t N> struct container_traits<std::array<T, N>> {
  static constexpr bool value = std::is_floating_point_v<T>;
  using element = T;
};

template <class T, class = void> struct has_fields : std::false_type {};
template <class T>
struct has_fields<T, std::void_t<decltype(fields<T>::of(std::declval<T &>()))>>
    : std::true_type {};

/// Objects and std::vector / std::array / C arrays of objects: values the
/// harness reaches through slots().
template <class T> struct has_slots : has_fields<T> {};
template <class T, class A>
struct has_slots<std::vector<T, A>> : has_fields<T> {};
template <class T, std::size_t N>
struct has_slots<std::array<T, N>> : has_fields<T> {};
template <class T, std::size_t N> struct has_slots<T[N]> : has_fields<T> {};
/// A vector of vectors of numbers (a matrix as rows): every number.
template <class T, class A, class B>
struct has_slots<std::vector<std::vector<T, A>, B>>
    : std::is_floating_point<T> {};

/// Pointers to every floating-point value of an object's listed fields
/// (of every element's, for a container of objects).
template <class T> std::vector<double *> slots(T &object) {
  std::vector<double *> out;
  if constexpr (!has_fields<T>::value) {
    for (auto &e : object) {
      if constexpr (std::is_floating_point_v<std::remove_cvref_t<decltype(e)>>)
        out.push_back(&e); // a row's numbers
      else
        for (double *p : detail::slots(e))
          out.push_back(p);
    }
    return out;
  }
  auto add = [&](auto &field) {
    using F = std::remove_cvref_t<decltype(field)>;
    if constexpr (std::is_same_v<F, double>) {
      out.push_back(&field);
    } else if constexpr (has_slots<F>::value) {
      for (double *p : detail::slots(field))
        out.push_back(p);
    } else if constexpr (std::is_array_v<F>) { // a C array, row-major
      static_assert(std::is_same_v<std::remove_all_extents_t<F>, double>,
                    "tangent_test::fields: list double fields");
      static_assert(std::rank_v<F> <= 2, "C array fields of rank 1 or 2");
      double *first = nullptr;
      if constexpr (std::rank_v<F> == 1)
        first = &field[0];
      else
        first = &field[0][0];
      for (std::size_t k = 0; k < sizeof(F) / sizeof(double); ++k)
        out.push_back(first + k);
    } else {
      static_assert(std::is_same_v<typename F::value_type, double>,
                    "tangent_test::fields: list double fields");
      for (auto &e : field)
        out.push_back(&e);
    }
  };
  if constexpr (has_fields<T>::value)
    std::apply([&](auto &...f) { (add(f), ...); }, fields<T>::of(object));
  return out;
}

/// How a parameter of type P takes part in the check.
template <class P> struct param {
  using bare = std::remove_cvref_t<P>;
  static constexpr bool scalar = std::is_floating_point_v<bare>;
  static constexpr bool container = container_traits<bare>::value;
  static constexpr bool object = has_slots<bare>::value;
  static constexpr bool differentiable = scalar || container || object;
  static constexpr bool pointer =
      std::is_pointer_v<bare> &&
      std::is_floating_point_v<std::remove_cv_t<std::remove_pointer_t<bare>>>;
  /// Can give the extent of a pointer parameter.
  static constexpr bool extent =
      std::is_integral_v<bare> && !std::is_same_v<bare, bool>;
  using element = std::conditional_t<
      scalar, bare,
      std::conditional_t<
          container, typename container_traits<bare>::element,
          std::conditional_t<pointer,
                             std::remove_cv_t<std::remove_pointer_t<bare>>,
                             std::conditional_t<object, double, void>>>>;
  /// What the harness keeps of an argument: a copy, or for a raw pointer a
  /// vector holding the pointed-to elements.
  using storage = std::conditional_t<pointer, std::vector<element>, bare>;
};

template <class S> std::size_t size_of(const S &s) {
  if constexpr (std::is_floating_point_v<S>)
    return 1;
  else if constexpr (has_slots<S>::value)
    return detail::slots(const_cast<S &>(s)).size();
  else
    return s.size();
}

template <class S> auto &component(S &s, std::size_t k) {
  if constexpr (std::is_floating_point_v<S>) {
    (void)k;
    return s;
  } else if constexpr (has_slots<S>::value) {
    return *detail::slots(s)[k];
  } else {
    return s[k];
  }
}

// Finite differences

enum class scheme {
  /// Richardson extrapolation of central differences at h and h/2.
  reference,
  /// One central difference at a 16x smaller step (self-test adjoint).
  self_test
};

/// d phi / dt at t = x, phi returning double.
template <class E, class Phi>
double derivative(const Phi &phi, E x, scheme sc) {
  constexpr bool single = std::is_same_v<E, float>;
  const double c = sc == scheme::reference ? (single ? 0x1p-6 : 0x1p-10)
                                           : (single ? 0x1p-10 : 0x1p-14);
  const double h = c * std::max(1.0, std::fabs(static_cast<double>(x)));
  auto central = [&](double step) {
    const E xp = static_cast<E>(static_cast<double>(x) + step);
    const E xm = static_cast<E>(static_cast<double>(x) - step);
    return (phi(xp) - phi(xm)) /
           (static_cast<double>(xp) - static_cast<double>(xm));
  };
  if (sc == scheme::self_test)
    return central(h);
  return (4.0 * central(h / 2) - central(h)) / 3.0;
}

/// FD gradient of eval(storage) with respect to every component of every
/// selected differentiable entry of the storage tuple; one vector per entry.
template <std::size_t I, class Storage, class Eval>
void fd_entry(const Storage &s, bool selected, const Eval &eval, scheme sc,
              std::vector<std::vector<double>> &out) {
  using S = std::tuple_element_t<I, Storage>;
  if constexpr (std::is_floating_point_v<S> || container_traits<S>::value ||
                has_slots<S>::value) {
    if (!selected)
      return;
    using E = std::remove_cvref_t<decltype(detail::component(
        std::declval<S &>(), 0))>;
    std::vector<double> g;
    for (std::size_t k = 0; k < detail::size_of(std::get<I>(s)); ++k) {
      auto phi = [&](E t) {
        Storage copy = s;
        detail::component(std::get<I>(copy), k) = t;
        return static_cast<double>(eval(copy));
      };
      S original = std::get<I>(s);
      g.push_back(
          detail::derivative<E>(phi, detail::component(original, k), sc));
    }
    out.push_back(std::move(g));
  } else {
    (void)s, (void)selected, (void)eval, (void)sc, (void)out;
  }
}

template <class Storage, std::size_t N, class Eval>
std::vector<std::vector<double>>
fd_gradient(const Storage &s, const std::array<bool, N> &selected,
            const Eval &eval, scheme sc) {
  std::vector<std::vector<double>> out;
  auto each = [&]<std::size_t... I>(std::index_sequence<I...>) {
    (detail::fd_entry<I>(s, selected[I], eval, sc, out), ...);
  };
  each(std::make_index_sequence<N>{});
  return out;
}

// The function under test

template <auto F, class R, class... A> struct function_of {
  using result = R;
  static constexpr std::size_t arity = sizeof...(A);
  using params = std::tuple<A...>;
  using storage = std::tuple<typename param<A>::storage...>;

  static constexpr bool single_precision =
      std::is_same_v<R, float> ||
      ((param<A>::differentiable &&
        std::is_same_v<typename param<A>::element, float>) ||
       ...);

  /// Parameters that get a gradient (and, with pointers, an adjoint).
  static constexpr std::array<bool, arity> selected(std::uint64_t wrt,
                                                    bool with_pointers) {
    std::array<bool, arity> flags{};
    std::size_t i = 0;
    ((flags[i] =
          i < 64 && ((wrt >> i) & 1u) &&
          (param<A>::differentiable || (with_pointers && param<A>::pointer)),
      ++i),
     ...);
    return flags;
  }

  /// The integral parameter giving the extent of pointer parameter i.
  static constexpr std::size_t extent_index(std::size_t i) {
    constexpr std::array<bool, arity> is_extent{param<A>::extent...};
    for (std::size_t j = i + 1; j < arity; ++j)
      if (is_extent[j])
        return j;
    for (std::size_t j = i; j-- > 0;)
      if (is_extent[j])
        return j;
    return arity;
  }

  template <std::size_t I, class Refs>
  static std::tuple_element_t<I, storage> store(const Refs &refs) {
    using P = param<std::tuple_element_t<I, params>>;
    if constexpr (P::pointer) {
      constexpr std::size_t J = extent_index(I);
      static_assert(J < arity, "tangent_test: a raw pointer parameter needs "
                               "an integral size parameter");
      const auto *p = std::get<I>(refs);
      const auto n = static_cast<std::size_t>(std::get<J>(refs));
      return std::vector<typename P::element>(p, p + n);
    } else {
      return typename P::storage(std::get<I>(refs));
    }
  }

  /// Copies the arguments (converted to f's parameter types).
  template <class... X> static storage make(const X &...args) {
    static_assert(sizeof...(X) == arity,
                  "tangent_test: wrong number of arguments");
    const auto refs = std::forward_as_tuple(args...);
    auto each = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return storage{store<I>(refs)...};
    };
    return each(std::make_index_sequence<arity>{});
  }

  template <std::size_t I> static decltype(auto) pass(storage &s) {
    if constexpr (param<std::tuple_element_t<I, params>>::pointer)
      return std::get<I>(s).data();
    else
      return (std::get<I>(s));
  }

  /// Calls c with the stored arguments (raw pointers into s), as f takes
  /// them.
  template <class Call> static decltype(auto) apply(storage &s, Call &&c) {
    auto each =
        [&]<std::size_t... I>(std::index_sequence<I...>) -> decltype(auto) {
      return c(pass<I>(s)...);
    };
    return each(std::make_index_sequence<arity>{});
  }

  /// Calls f on the stored arguments; what f writes through its pointer
  /// and reference parameters ends up in s.
  static R call_in(storage &s) {
    return apply(s, [](auto &&...a) { return std::invoke(F, a...); });
  }

  /// Calls f on (a copy of) the stored arguments.
  static R call(storage s) { return call_in(s); }

  /// Parameter I can be written by f: a pointer to non-const floating
  /// point, or a non-const lvalue reference to a differentiable type (an
  /// in-out object, vector, array, scalar).
  template <std::size_t I> static constexpr bool writable() {
    using P = std::tuple_element_t<I, params>;
    using B = std::remove_reference_t<P>;
    if constexpr (param<P>::pointer)
      return !std::is_const_v<std::remove_pointer_t<std::remove_cv_t<B>>>;
    else
      return std::is_lvalue_reference_v<P> && !std::is_const_v<B> &&
             param<P>::differentiable;
  }

  /// The numbers of every writable parameter's stored value, flattened:
  /// after call_in (or a gradient call on s), what f wrote there.
  static std::vector<double> written(const storage &s);

  static std::vector<std::vector<double>>
  fd(const storage &s, std::uint64_t wrt, bool with_pointers, scheme sc) {
    return detail::fd_gradient(
        s, selected(wrt, with_pointers),
        [](const storage &c) { return call(c); }, sc);
  }
};

/// A free function, or a member function with its object first.
template <auto F> struct function;
template <class R, class... A, R (*F)(A...)>
struct function<F> : function_of<F, R, A...> {};
template <class R, class C, class... A, R (C::*F)(A...)>
struct function<F> : function_of<F, R, C &, A...> {};
template <class R, class C, class... A, R (C::*F)(A...) const>
struct function<F> : function_of<F, R, const C &, A...> {};

// Flattening and reporting

template <class T> struct is_tuple : std::false_type {};
template <class... T> struct is_tuple<std::tuple<T...>> : std::true_type {};

template <class T> void flatten_into(std::vector<double> &out, const T &v) {
  if constexpr (std::is_arithmetic_v<T>)
    out.push_back(static_cast<double>(v));
  else if constexpr (is_tuple<T>::value)
    std::apply([&](const auto &...e) { (detail::flatten_into(out, e), ...); },
               v);
  else if constexpr (has_slots<T>::value)
    for (const double *p : detail::slots(const_cast<T &>(v)))
      out.push_back(*p);
  else
    for (const auto &e : v)
      detail::flatten_into(out, e);
}

template <auto F, class R, class... A>
std::vector<double>
function_of<F, R, A...>::written(const typename function_of::storage &s) {
  std::vector<double> out;
  auto each = [&]<std::size_t... I>(std::index_sequence<I...>) {
    auto one = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
      if constexpr (writable<J>())
        detail::flatten_into(out, std::get<J>(s));
    };
    (one(std::integral_constant<std::size_t, I>{}), ...);
  };
  each(std::make_index_sequence<arity>{});
  return out;
}

inline std::vector<double>
concat(const std::vector<std::vector<double>> &parts) {
  std::vector<double> out;
  for (const auto &p : parts)
    out.insert(out.end(), p.begin(), p.end());
  return out;
}

struct counters {
  int passed = 0;
  int failed = 0;
  int skipped = 0;
};
inline counters &stats() {
  static counters c;
  return c;
}

/// The bit log. With the environment variable TANGENT_TEST_BITS=<file>,
/// each check appends `<name> <digest>` to the file: the FNV-1a hash of the
/// bits of every result of the generator that it compared (`got`, and both
/// sides of an exact comparison; -0.0 counted as 0.0, as `==` does). The
/// program tests compare the log with test/bitwise/<test>.bits, recorded by
/// the generator before a change that must not change any result
/// (test/e2e/run_e2e.cmake): so a test shows that new generated code gives
/// results bitwise equal (==) to the old.
struct bit_digest {
  std::uint64_t hash = 1469598103934665603ull;
  bool any = false;
};
inline bit_digest &bits() {
  static bit_digest d;
  return d;
}
inline void fold_bits(const std::vector<double> &values) {
  bit_digest &d = bits();
  for (double v : values) {
    const std::uint64_t u = v == 0.0 ? 0 : std::bit_cast<std::uint64_t>(v);
    for (int byte = 0; byte < 8; ++byte) {
      d.hash ^= (u >> (8 * byte)) & 0xffu;
      d.hash *= 1099511628211ull;
    }
  }
  d.any = true;
}
/// The hash of the math library's results at fixed arguments: the first
/// line of a bit log (`#platform <digest>`). Results that depend on the
/// library (or on the processor it picks code for) can only be compared on
/// a platform where it gives the same bits; run_e2e.cmake skips the
/// comparison elsewhere.
inline std::uint64_t platform_digest() {
  volatile double a = 0.37, b = 1.91; // not folded at compile time
  const double x = a, y = b;
  bit_digest d;
  std::swap(d, bits());
  fold_bits({std::tanh(x),  std::exp(x),  std::expm1(x),    std::log(y),
             std::log1p(x), std::sin(y),  std::cos(y),      std::tan(x),
             std::asin(x),  std::acos(x), std::atan(y),     std::atan2(x, y),
             std::sinh(x),  std::cosh(x), std::pow(y, x),   std::sqrt(y),
             std::cbrt(y),  std::erf(x),  std::hypot(x, y), std::exp2(y),
             std::log2(y),  std::log10(y)});
  std::swap(d, bits());
  return d.hash;
}
inline void log_bits(const std::string &name) {
  static bool first = true;
  bit_digest &d = bits();
  if (d.any)
    if (const char *path = std::getenv("TANGENT_TEST_BITS"))
      if (std::FILE *f = std::fopen(path, "a")) {
        const bit_digest results = d;
        if (first)
          std::fprintf(f, "#platform %016llx\n",
                       static_cast<unsigned long long>(platform_digest()));
        first = false;
        std::fprintf(f, "%s %016llx\n", name.c_str(),
                     static_cast<unsigned long long>(results.hash));
        std::fclose(f);
      }
  d = bit_digest{};
}

inline std::string number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}

/// Every bit of a double, for messages about exact comparisons.
inline std::string exact_number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

/// "" when every component is within tol (or, exact, equal: `==`, NaN
/// equal to NaN), else a message. Nothing goes into the bit log.
inline std::string differs(const std::vector<double> &got,
                           const std::vector<double> &expected, tolerance tol,
                           bool exact, const char *what = "component") {
  if (got.size() != expected.size())
    return "size mismatch: expected " + std::to_string(expected.size()) +
           " components got " + std::to_string(got.size());
  std::size_t bad = 0, first = 0;
  for (std::size_t k = 0; k < got.size(); ++k) {
    const double e = expected[k], g = got[k];
    const bool ok = exact
                        ? g == e || (std::isnan(g) && std::isnan(e))
                        : std::fabs(g - e) <= tol.abs + tol.rel * std::fabs(e);
    if (!ok && bad++ == 0)
      first = k;
  }
  if (bad == 0)
    return "";
  auto shown = exact ? exact_number : number;
  std::string msg = std::string(what) + " " + std::to_string(first) +
                    " expected " + shown(expected[first]) + " got " +
                    shown(got[first]);
  if (bad > 1)
    msg += " (" + std::to_string(bad) + " components differ)";
  return msg;
}

/// differs(), after folding `got` (and, exact, `expected`) into the bit log.
inline std::string compare(const std::vector<double> &got,
                           const std::vector<double> &expected, tolerance tol,
                           bool exact, const char *what = "component") {
  fold_bits(got);
  if (exact)
    fold_bits(expected);
  return differs(got, expected, tol, exact, what);
}

/// Both failure messages, "; "-separated.
inline std::string join(std::string a, const std::string &b) {
  if (a.empty())
    return b;
  if (!b.empty())
    a += "; " + b;
  return a;
}

inline void report(const std::string &name, const std::string &failure) {
  log_bits(name);
  if (failure.empty()) {
    ++stats().passed;
    std::printf("PASS %s\n", name.c_str());
  } else {
    ++stats().failed;
    std::printf("FAIL %s: %s\n", name.c_str(), failure.c_str());
  }
  std::fflush(stdout);
}

/// Runs body() -> failure message; an exception is a failure.
template <class Body> void run(const std::string &name, const Body &body) {
  bits() = bit_digest{};
  std::string failure;
  try {
    failure = body();
  } catch (const std::exception &e) {
    failure = std::string("exception: ") + e.what();
  } catch (...) {
    failure = "unknown exception";
  }
  detail::report(name, failure);
}

template <auto F> constexpr tolerance default_tol() {
  return function<F>::single_precision ? float_tol : double_tol;
}

/// The reference gradient of f (selected by wrt), flattened.
template <auto F, class... X>
std::vector<double> reference(std::uint64_t wrt, const X &...args) {
  using fn = function<F>;
  return detail::concat(
      fn::fd(fn::make(args...), wrt, false, scheme::reference));
}

// Adjoint argument lists (self-test adjoint, check_pullback)

/// The adjoint argument the generated pullback takes for a parameter P.
template <class P>
using adjoint_arg_t =
    std::conditional_t<param<P>::scalar || param<P>::pointer,
                       typename param<P>::element *, typename param<P>::bare &>;
/// The types Map<P> of the parameters selected by wrt, as a tuple.
template <template <class> class Map, std::uint64_t W, std::size_t I, class Out,
          class... P>
struct adjoint_list {
  using type = Out;
};
template <template <class> class Map, std::uint64_t W, std::size_t I,
          class... D, class P, class... Rest>
struct adjoint_list<Map, W, I, std::tuple<D...>, P, Rest...> {
  static constexpr bool take = I < 64 && ((W >> (I % 64)) & 1u) &&
                               (param<P>::differentiable || param<P>::pointer);
  using type = typename adjoint_list<
      Map, W, I + 1,
      std::conditional_t<take, std::tuple<D..., Map<P>>, std::tuple<D...>>,
      Rest...>::type;
};

template <class Adjoint>
void add_scaled(Adjoint &&adjoint, const std::vector<double> &g, double seed) {
  for (std::size_t k = 0; k < g.size(); ++k) {
    // An object's adjoint arrives as pointers to its values.
    if constexpr (std::is_pointer_v<std::remove_cvref_t<decltype(adjoint[k])>>)
      *adjoint[k] += seed * g[k];
    else
      adjoint[k] +=
          static_cast<std::remove_cvref_t<decltype(adjoint[k])>>(seed * g[k]);
  }
}

/// The indices i with Flags[i] set, as a std::array.
template <auto Flags> constexpr auto indices_of() {
  constexpr std::size_t count = [] {
    std::size_t n = 0;
    for (bool f : Flags)
      n += f;
    return n;
  }();
  std::array<std::size_t, count> out{};
  std::size_t k = 0;
  for (std::size_t i = 0; i < Flags.size(); ++i)
    if (Flags[i])
      out[k++] = i;
  return out;
}

/// Adjoint storage for check_pullback: shaped like the argument, holding
/// 0.5, 0.75, 1.0, ...
template <class S> S initial_adjoint(S value) {
  for (std::size_t k = 0; k < detail::size_of(value); ++k)
    detail::component(value, k) =
        static_cast<std::remove_cvref_t<decltype(detail::component(value, k))>>(
            0.5 + 0.25 * static_cast<double>(k));
  return value;
}

/// `T*` for a scalar adjoint, the container itself otherwise.
template <class T> decltype(auto) adjoint_arg(T &a) {
  if constexpr (std::is_floating_point_v<T>)
    return &a;
  else
    return (a);
}

/// The adjoint argument of parameter type P held in `a`: `T*` for a
/// scalar, the elements for a raw array (held in a vector), else `a`.
template <class P, class T> decltype(auto) adjoint_arg_for(T &a) {
  if constexpr (param<P>::pointer)
    return a.data();
  else
    return detail::adjoint_arg(a);
}

/// The adjoints `pullback` takes for f's parameters selected by W (raw
/// arrays included), shaped like the stored arguments s: 0.5, 0.75, 1.0,
/// ..., and 0 for a parameter f may write (an output's adjoint is the
/// sensitivity to what f leaves there, which finite differences of f's
/// value do not give).
template <auto F, std::uint64_t W>
auto initial_adjoints(const typename function<F>::storage &s) {
  using fn = function<F>;
  static constexpr auto flags = fn::selected(W, true);
  static constexpr auto index = detail::indices_of<flags>();
  auto one = [&]<std::size_t I>(std::integral_constant<std::size_t, I>) {
    auto a = detail::initial_adjoint(std::get<I>(s));
    if constexpr (fn::template writable<I>())
      for (std::size_t k = 0; k < detail::size_of(a); ++k)
        detail::component(a, k) = 0;
    return a;
  };
  auto each = [&]<std::size_t... J>(std::index_sequence<J...>) {
    return std::tuple<std::tuple_element_t<index[J], typename fn::storage>...>{
        one(std::integral_constant<std::size_t, index[J]>{})...};
  };
  return each(std::make_index_sequence<index.size()>{});
}

/// `tangent::grad<f, O>().pullback` on the stored arguments s (f writes
/// into s) and `adjoints` (from initial_adjoints), with `seed`; returns
/// f's value.
template <auto F, tangent::options O, class Adjoints>
double pullback_in(typename function<F>::storage &s, Adjoints &adjoints,
                   double seed) {
  using fn = function<F>;
  static constexpr auto flags = fn::selected(O.wrt, true);
  static constexpr auto index = detail::indices_of<flags>();
  auto each = [&]<std::size_t... I, std::size_t... J>(
                  std::index_sequence<I...>, std::index_sequence<J...>) {
    return static_cast<double>(tangent::gradient<F, O>{}.pullback(
        fn::template pass<I>(s)...,
        detail::adjoint_arg_for<
            std::tuple_element_t<index[J], typename fn::params>>(
            std::get<J>(adjoints))...,
        seed));
  };
  return each(std::make_index_sequence<fn::arity>{},
              std::make_index_sequence<index.size()>{});
}

/// `tangent::grad<f, O>().value_and_grad` on the stored arguments s.
template <auto F, tangent::options O>
auto value_and_grad_in(typename function<F>::storage &s) {
  return function<F>::apply(s, [](auto &&...a) {
    return tangent::gradient<F, O>{}.value_and_grad(a...);
  });
}

/// "" when every number a gradient call left in f's writable parameters
/// (`after`) is, bitwise, what they held before the call (`before`), else
/// a message: the reverse sweep restores what f overwrote there, so that
/// pullback leaves that memory as it found it (docs/api.md, pointer
/// parameters written through; the same holds for in-out references).
inline std::string written_failure(const std::vector<double> &after,
                                   const std::vector<double> &before) {
  if (after.size() != before.size())
    return "memory written through a parameter: size mismatch";
  for (std::size_t k = 0; k < after.size(); ++k)
    if (!(after[k] == before[k] ||
          (std::isnan(after[k]) && std::isnan(before[k]))))
      return "memory written through a parameter, component " +
             std::to_string(k) + " expected " + exact_number(before[k]) +
             " (as found) got " + exact_number(after[k]);
  return "";
}

/// "" when `value`, f's value from a gradient call on the stored arguments
/// `after`, equals (==) a plain call's on a copy of `before` (a plain call
/// of primal_of<f>), and what the gradient call left in them passes
/// written_failure, else a message.
template <auto F>
std::string primal_failure(double value,
                           const typename function<F>::storage &after,
                           const typename function<F>::storage &before) {
  using fn = function<F>;
  const double expected =
      static_cast<double>(function<primal_of<F>>::call(before));
  return detail::join(
      detail::differs({value}, {expected}, {0, 0}, true, "value"),
      detail::written_failure(fn::written(after), fn::written(before)));
}

/// The pullback the generator would emit, computed by finite differences.
template <auto F, tangent::options O, class Signature, class Adjoints>
struct fd_adjoint;
template <auto F, tangent::options O, class R, class... A, class... D>
struct fd_adjoint<F, O, R(A...), std::tuple<D...>> {
  static R pullback(A... args, D... adjoints, double seed) {
    using fn = function<F>;
    const auto grads =
        fn::fd(fn::make(args...), O.wrt, true, scheme::self_test);
    std::size_t next = 0;
    (detail::add_scaled(adjoint_values(adjoints), grads[next++], seed), ...);
    // On copies: like the generated pullback, leave the memory f writes
    // through its parameters as it was.
    return fn::call(fn::make(args...));
  }
  /// An object's gradient starts as its copy; the runtime zeroes it first.
  template <class T> static void zero_gradient(T &gradient) {
    for (double *p : detail::slots(gradient))
      *p = 0;
  }

private:
  template <class T> static decltype(auto) adjoint_values(T &&adjoint) {
    if constexpr (has_slots<std::remove_cvref_t<T>>::value) {
      return detail::slots(adjoint);
    } else {
      return std::forward<T>(adjoint);
    }
  }
};

} // namespace detail

// Public checks

/// The reference FD gradient of any callable with respect to its
/// differentiable arguments (by the arguments' types), flattened.
template <class G, class... X>
std::vector<double> fd_gradient(const G &g, const X &...args) {
  using storage = std::tuple<std::decay_t<X>...>;
  const storage s{args...};
  const std::array<bool, sizeof...(X)> selected{
      detail::param<X>::differentiable...};
  auto eval = [&](storage &c) { return static_cast<double>(std::apply(g, c)); };
  return detail::concat(
      detail::fd_gradient(s, selected, eval, detail::scheme::reference));
}

/// The reference FD gradient of f with respect to every differentiable
/// parameter, flattened.
template <auto F, class... X> std::vector<double> fd_grad(const X &...args) {
  return detail::reference<F>(~std::uint64_t{0}, args...);
}

/// init + seed * g, component-wise (the expected content of an adjoint that
/// held init before a pullback).
inline std::vector<double> accumulated(const std::vector<double> &init,
                                       double seed,
                                       const std::vector<double> &g) {
  std::vector<double> out(init);
  for (std::size_t k = 0; k < out.size() && k < g.size(); ++k)
    out[k] += seed * g[k];
  return out;
}

template <class T> std::vector<double> flatten(const T &v) {
  std::vector<double> out;
  detail::flatten_into(out, v);
  return out;
}

namespace detail {
/// check(): the gradient against finite differences; its value against a
/// plain call (==), the memory of written parameters as found.
template <auto F, tangent::options O, class... X>
void check_gradient(const std::string &name, tolerance tol, const X &...args) {
  using fn = function<F>;
  detail::run(name, [&] {
    const auto before = fn::make(args...);
    auto s = before;
    const auto [value, grad] = detail::value_and_grad_in<F, O>(s);
    return detail::join(
        detail::compare(
            tangent_test::flatten(grad),
            detail::concat(fn::fd(before, O.wrt, false, scheme::reference)),
            tol, false),
        detail::primal_failure<F>(static_cast<double>(value), s, before));
  });
}
} // namespace detail

} // namespace tangent_test
#ifdef TANGENT_E2E_FORWARD
#include "check_forward.hpp"
#endif
#include "check_strategies.hpp"
namespace tangent_test {

template <auto F, tangent::options O, class... X>
void check(const std::string &name, tolerance tol,
           const tangent::gradient<F, O> &df, const X &...args) {
  detail::check_gradient<F, O>(name, tol, args...);
#ifdef TANGENT_E2E_FORWARD
  detail::check_forward(name, df, args...);
#else
  (void)df;
#endif
  detail::strategies<F, O>(name, args...);
}
template <auto F, tangent::options O, class... X>
void check(const std::string &name, const tangent::gradient<F, O> &df,
           const X &...args) {
  tangent_test::check(name, detail::default_tol<F>(), df, args...);
}

template <auto F, tangent::options O, class... X>
void check_value_and_grad(const std::string &name, tolerance tol,
                          const tangent::gradient<F, O> &, const X &...args) {
  using fn = detail::function<F>;
  detail::run(name, [&] {
    const auto before = fn::make(args...);
    auto s = before;
    const auto [value, grad] = detail::value_and_grad_in<F, O>(s);
    detail::fold_bits({static_cast<double>(value)});
    return detail::join(
        detail::primal_failure<F>(static_cast<double>(value), s, before),
        detail::compare(tangent_test::flatten(grad),
                        detail::concat(fn::fd(before, O.wrt, false,
                                              detail::scheme::reference)),
                        tol, false));
  });
  detail::strategies<F, O>(name, args...);
}
template <auto F, tangent::options O, class... X>
void check_value_and_grad(const std::string &name,
                          const tangent::gradient<F, O> &df, const X &...args) {
  tangent_test::check_value_and_grad(name, detail::default_tol<F>(), df,
                                     args...);
}

/// Calls df.pullback(args..., adjoints..., seed) with adjoints that hold
/// 0.5, 0.75, 1.0, ... beforehand (0 for parameters f may write), and
/// checks that they end up holding init + seed * gradient, that the
/// returned value is f's (==) and that the memory f writes through pointer
/// and reference parameters is left as it was found (==). Raw pointer
/// parameters take their extent from an integral parameter (see the
/// self-test mode).
template <auto F, tangent::options O, class... X>
void check_pullback(const std::string &name, const tangent::gradient<F, O> &,
                    double seed, const X &...args) {
  using fn = detail::function<F>;
  detail::run(name, [&] {
    const auto before = fn::make(args...);
    auto s = before;
    auto adjoints = detail::initial_adjoints<F, O.wrt>(before);
    const auto init = tangent_test::flatten(adjoints);
    const double value = detail::pullback_in<F, O>(s, adjoints, seed);
    detail::fold_bits({value});
    return detail::join(
        detail::primal_failure<F>(value, s, before),
        detail::compare(tangent_test::flatten(adjoints),
                        tangent_test::accumulated(
                            init, seed,
                            detail::concat(fn::fd(before, O.wrt, true,
                                                  detail::scheme::reference))),
                        detail::default_tol<F>(), false));
  });
#ifdef TANGENT_E2E_FORWARD
  detail::check_forward_pullback<F, O>(name, args...);
#endif
  detail::strategies_pullback<F, O>(name, seed, args...);
}

/// got vs expected (any mix of scalars, vectors, arrays, tuples).
template <class G, class E>
void check_near(const std::string &name, const G &got, const E &expected,
                tolerance tol = double_tol) {
  detail::run(name, [&] {
    return detail::compare(tangent_test::flatten(got),
                           tangent_test::flatten(expected), tol, false);
  });
}

/// Exact equality of two gradients computed by the generator (optimized vs
/// not, checkpointed vs fully taped). Skipped in self-test mode.
template <class A, class B>
void check_same(const std::string &name, const A &a, const B &b) {
  if constexpr (self_test) {
    ++detail::stats().skipped;
    std::printf("SKIP %s: exact comparison of two generated gradients\n",
                name.c_str());
    std::fflush(stdout);
    return;
  }
  detail::run(name, [&] {
    return detail::compare(tangent_test::flatten(a), tangent_test::flatten(b),
                           tolerance{0, 0}, true);
  });
}

/// A gradient that goes through a deliberately scaled (or shifted) custom
/// derivative: with the plugin it must equal `custom` (up to rounding); in
/// self-test mode (finite differences) it must equal the true derivative
/// `truth`, which proves the hand-derived formulas.
template <class G, class C, class T>
void check_custom(const std::string &name, const G &got, const C &custom,
                  const T &truth, tolerance truth_tol = double_tol) {
  detail::run(name, [&] {
    if constexpr (self_test)
      return detail::compare(tangent_test::flatten(got),
                             tangent_test::flatten(truth), truth_tol, false);
    else
      return detail::compare(tangent_test::flatten(got),
                             tangent_test::flatten(custom), tight_tol, false);
  });
}

inline void check_true(const std::string &name, bool condition,
                       const std::string &what = "condition is false") {
  detail::report(name, condition ? "" : what);
}

/// Prints the summary line and returns main's exit status.
inline int summary() {
  const auto &c = detail::stats();
  if (c.skipped > 0)
    std::printf("%d skipped (self-test mode)\n", c.skipped);
  std::printf("%d passed, %d failed\n", c.passed, c.failed);
  std::fflush(stdout);
  return c.failed > 0 || c.passed == 0 ? 1 : 0;
}

} // namespace tangent_test

#ifdef TANGENT_E2E_SELFTEST
namespace tangent {
/// Self-test mode: every gradient request is served by finite differences.
template <class R, class... A, R (*F)(A...), options O>
struct adjoint<F, O> : tangent_test::detail::fd_adjoint<
                           F, O, R(A...),
                           typename tangent_test::detail::adjoint_list<
                               tangent_test::detail::adjoint_arg_t, O.wrt, 0,
                               std::tuple<>, A...>::type> {};
template <class R, class C, class... A, R (C::*F)(A...) const, options O>
struct adjoint<F, O> : tangent_test::detail::fd_adjoint<
                           F, O, R(const C &, A...),
                           typename tangent_test::detail::adjoint_list<
                               tangent_test::detail::adjoint_arg_t, O.wrt, 0,
                               std::tuple<>, const C &, A...>::type> {};
template <class R, class C, class... A, R (C::*F)(A...), options O>
struct adjoint<F, O> : tangent_test::detail::fd_adjoint<
                           F, O, R(C &, A...),
                           typename tangent_test::detail::adjoint_list<
                               tangent_test::detail::adjoint_arg_t, O.wrt, 0,
                               std::tuple<>, C &, A...>::type> {};
} // namespace tangent

// Without the plugin, [[tangent::checkpoint]] is an unknown attribute that
// the compiler ignores (as the API says); keep the self-test output quiet.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-attributes"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wattributes"
#endif
#endif // TANGENT_E2E_SELFTEST

#endif // TANGENT_E2E_CHECK_HPP
