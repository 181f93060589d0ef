//===- test/checkpoint/twin.hpp - checkpointed vs fully taped gradients ---===//
///
/// \file
/// The harness of the checkpointing tests, on top of the end-to-end harness
/// (test/e2e/check.hpp). A checkpointed gradient is compared with the fully
/// taped gradient of the same computation, *bitwise* (every component, `==`),
/// and both are checked against central finite differences of the function.
///
/// The two gradients come either from one function requested with two option
/// sets (`grad<f>()` and `grad<f, options{.checkpoint = true}>()`), or from
/// twin functions with identical bodies, one of them carrying
/// `[[tangent::checkpoint]]`. Twins are written with a body macro that takes
/// the attribute as its argument, so that the bodies cannot drift apart:
///
///   #define STEP_BODY(CK) { double y = x; CK while (...) { ... } return y; }
///   double step_taped(double x, int n) STEP_BODY()
///   double step_ckpt(double x, int n) STEP_BODY([[tangent::checkpoint(4)]])
///
/// `twin(name, expect, taped, ckpt, args...)` checks, for one argument list:
///   name/taped~fd      the fully taped gradient against finite differences
///   name/ckpt~fd       the checkpointed gradient against finite differences
///   name/ckpt==taped   gradient, bitwise
///   name/value         value_and_grad: values bitwise equal, and equal to
///                      the primal
///   name/pullback      pullback with seed 1.5 into adjoints holding 0.25:
///                      bitwise equal adjoints
///   name/taped [...], name/ckpt [...]
///                      (-DTANGENT_TEST_STRATEGIES) the strategy matrix of
///                      both requests (test/e2e/check_strategies.hpp), each
///                      variant bitwise against the *taped* twin's fully
///                      taped gradient (an attribute keeps its loop
///                      checkpointed in any request of the ckpt twin)
///   name/memory        (expect::less) the checkpointed run holds fewer peak
///                      bytes than the taped run, i.e. the loop really was
///                      checkpointed; (expect::same) the same peak bytes, i.e.
///                      the loop fell back to full taping; (expect::any) not
///                      checked (too small to tell apart at the tape's 4 KiB
///                      granularity).
///
/// `fd = false` (the `twin_exact` form) skips the finite-difference checks,
/// for long runs where they would only repeat what shorter runs show.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_TEST_CHECKPOINT_TWIN_HPP
#define TANGENT_TEST_CHECKPOINT_TWIN_HPP

#include "../e2e/check.hpp"

#include <cstddef>
#include <cstdio>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace ckpt_test {

using tangent::options;
using namespace tangent_test;

enum class expect { less, same, any };

/// The peak bytes (tapes and snapshots, this thread) of one call df(args...).
template <class DF, class... X>
std::size_t peak_of(const DF &df, const X &...args) {
  tangent::stats::reset();
  (void)df(args...);
  return tangent::stats::peak_bytes();
}

namespace detail {

template <class T> struct is_tuple : std::false_type {};
template <class... T> struct is_tuple<std::tuple<T...>> : std::true_type {};

/// An adjoint shaped like gradient component g, every entry 0.25.
template <class G> G quarter(G g) {
  if constexpr (std::is_floating_point_v<G>)
    return G(0.25);
  else {
    for (auto &e : g)
      e = 0.25;
    return g;
  }
}

template <class G> decltype(auto) adjoint_ref(G &g) {
  if constexpr (std::is_floating_point_v<G>)
    return &g;
  else
    return (g);
}

/// pullback(args..., adjoints..., 1.5) with adjoints initialized to 0.25,
/// shaped like the gradient; returns {value, adjoints flattened}.
template <class DF, class... X>
std::pair<double, std::vector<double>> pullback_of(const DF &df,
                                                   const X &...args) {
  auto g = df(args...);
  using G = decltype(g);
  if constexpr (is_tuple<G>::value) {
    auto adj = std::apply(
        [](const auto &...e) { return std::tuple{quarter(e)...}; }, g);
    const double v = std::apply(
        [&](auto &...a) {
          return static_cast<double>(
              df.pullback(args..., adjoint_ref(a)..., 1.5));
        },
        adj);
    return {v, tangent_test::flatten(adj)};
  } else {
    G adj = quarter(g);
    const double v =
        static_cast<double>(df.pullback(args..., adjoint_ref(adj), 1.5));
    return {v, tangent_test::flatten(adj)};
  }
}

template <auto F, class... X> double primal(const X &...args) {
  using fn = tangent_test::detail::function<F>;
  return static_cast<double>(fn::call(fn::make(args...)));
}

} // namespace detail

template <auto F, options OF, auto G, options OG, class... X>
void twin_impl(const std::string &name, expect mem, bool fd,
               const tangent::gradient<F, OF> &taped,
               const tangent::gradient<G, OG> &ckpt, const X &...args) {
  if (fd) { // check()'s checks, without its strategy matrix (below)
    tangent_test::detail::check_gradient<F, OF>(
        name + "/taped~fd", tangent_test::detail::default_tol<F>(), args...);
    tangent_test::detail::check_gradient<G, OG>(
        name + "/ckpt~fd", tangent_test::detail::default_tol<G>(), args...);
  }
  // -DTANGENT_TEST_STRATEGIES: the matrix of both, against the taped twin's
  // fully taped reference (test/e2e/check_strategies.hpp).
  tangent_test::detail::strategies_twin<F, OF, G, OG>(name, args...);
  const auto gt = taped(args...);
  const auto gc = ckpt(args...);
  check_same(name + "/ckpt==taped", gc, gt);

  if constexpr (!self_test) {
    const auto [vt, gt2] = taped.value_and_grad(args...);
    const auto [vc, gc2] = ckpt.value_and_grad(args...);
    const double p = detail::primal<F>(args...);
    check_true(name + "/value",
               vt == vc && vc == p && flatten(gc2) == flatten(gt2),
               "values " + tangent_test::detail::number(vt) + " (taped) " +
                   tangent_test::detail::number(vc) + " (ckpt) " +
                   tangent_test::detail::number(p) + " (primal)");
    const auto pt = detail::pullback_of(taped, args...);
    const auto pc = detail::pullback_of(ckpt, args...);
    check_true(name + "/pullback", pt == pc,
               "pullback adjoints or value differ");
    if (mem != expect::any) {
      const std::size_t bt = peak_of(taped, args...);
      const std::size_t bc = peak_of(ckpt, args...);
      const bool ok = mem == expect::less ? bc < bt : bc == bt;
      check_true(name + "/memory", ok,
                 "peak bytes taped " + std::to_string(bt) + ", checkpointed " +
                     std::to_string(bc) +
                     (mem == expect::less ? " (expected fewer)"
                                          : " (expected the same)"));
    }
  }
}

/// Checkpointed vs taped, bitwise, and both against finite differences.
template <auto F, options OF, auto G, options OG, class... X>
void twin(const std::string &name, expect mem,
          const tangent::gradient<F, OF> &taped,
          const tangent::gradient<G, OG> &ckpt, const X &...args) {
  twin_impl(name, mem, true, taped, ckpt, args...);
}

/// The same without finite differences (long runs).
template <auto F, options OF, auto G, options OG, class... X>
void twin_exact(const std::string &name, expect mem,
                const tangent::gradient<F, OF> &taped,
                const tangent::gradient<G, OG> &ckpt, const X &...args) {
  twin_impl(name, mem, false, taped, ckpt, args...);
}

/// 0.1 * sin(k) style deterministic inputs in (-amp, amp).
inline std::vector<double> wave(std::size_t n, double amp = 0.8,
                                double phase = 0.3) {
  std::vector<double> v(n);
  for (std::size_t k = 0; k < n; ++k)
    v[k] = amp * std::sin(1.7 * static_cast<double>(k) + phase);
  return v;
}

} // namespace ckpt_test

// Twins carry [[tangent::checkpoint]]; without the plugin it is ignored.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-attributes"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wattributes"
#endif

#endif // TANGENT_TEST_CHECKPOINT_TWIN_HPP
