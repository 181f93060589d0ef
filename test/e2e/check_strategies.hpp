//===- test/e2e/check_strategies.hpp - every strategy against the tape ----===//
///
/// \file
/// The strategy matrix (ctest label `strategies`). With
/// -DTANGENT_TEST_STRATEGIES, every `check`, `check_value_and_grad` and
/// `check_pullback` of check.hpp on `df = tangent::grad<f, O>()` also runs,
/// at the same arguments, the same call (df(args...), or the pullback with
/// its seed and adjoints) for other requests of f:
///
///   reference R  `grad<f, O'>`, O' = O with `.recompute = false,
///                .checkpoint = false, .memory_budget = 0, .threads = 1`
///                (everything else kept: `wrt`, `budget`, `optimized`);
///                its peak bytes P (tangent::stats) are measured
///   [taped reference]                 R's value and writes (below)
///   [strategy as requested]           O itself
///   [strategy checkpoint]             O + `.checkpoint = true,
///                                     .min_length = 1` (every counted loop
///                                     with a constant trip count)
///   [strategy checkpoint, threads=2]  the same + `.threads = 2`
///   [strategy recompute=false]        O + `.recompute = false`
///   [budget <B>]                      O + `.memory_budget` (O's, or 1 when
///                                     O has none), run under
///                                     tangent::testing::memory_budget_override
///                                     at B = 1 byte (below one state), P/16,
///                                     P/4, P/2, 0.9 P and 4 P + 1 MiB
///                                     (everything fits); the strategies the
///                                     loops chose follow the name, and
///                                     each loop's peak bytes must stay
///                                     within the bound docs/checkpointing.md
///                                     promises (budget_bound_failure)
///
/// (Not `.threads = 2` under a budget: the generator reverses every loop
/// under a budget on one thread and emits the same code for both.)
///
/// A variant equal to the reference or to an earlier variant is left out.
/// Each variant is one check line: its result (gradient, or adjoints after
/// the pullback) must be bitwise equal (`==` per component; -0.0 == 0.0,
/// NaN == NaN) to R's, its value bitwise equal to a plain call of f on a
/// copy of the arguments, and what it left in pointer and non-const
/// reference parameters bitwise equal to what R left there (R itself: what
/// they held before the call, see check.hpp's written_failure). Calls run
/// on copies of the arguments
/// (check.hpp's `fn::make`), so raw pointer parameters work wherever the
/// check form takes them (check_pullback, with an integral extent
/// parameter); functions whose arrays are not sized by one are not
/// checked by these forms, and so not by the matrix either.
///
/// The checkpointing programs run the matrix from `twin` (test/checkpoint/
/// twin.hpp): the checkpointed twin's variants against the *taped twin's*
/// reference, since an attribute in the source keeps its loop checkpointed
/// under O'. Programs that call requests directly use the public
/// `check_strategies(name, request, args...)`:
///
///   tangent::grad<f, O>()     the matrix above (the pullback form with
///                             seed 1 and check_pullback's adjoints when f
///                             has selected raw pointer parameters)
///   tangent::hvp<f, O>()      args and directions: the Hessian-vector
///                             product of each variant bitwise equal to
///                             `hvp<f, O'>`'s (no value)
///   tangent::vjp<f, O>()      args and cotangent: the same for u^T J
///   tangent::jvp<f, O>()      args and tangents: no tape, so only the
///                             value of value_and_jvp against a plain call
///
/// and `check_twin_strategies(name, taped, ckpt, args...)` for twins.
///
/// Without -DTANGENT_TEST_STRATEGIES (and in self-test mode) all of this
/// compiles to nothing: no extra request, no extra check line. Each variant
/// is a request the plugin generates code for: four more per distinct
/// (f, O) checked with default options (O', checkpoint, checkpoint with
/// two threads, a budget), which is what the strategies tests pay in
/// compile time.
/// The matrix folds nothing into the bit log (check.hpp): the `strategies`
/// tests write no bit reference.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_E2E_CHECK_STRATEGIES_HPP
#define TANGENT_E2E_CHECK_STRATEGIES_HPP

#include <tangent/forward.hpp>
#include <tangent/grad.hpp>
#include <tangent/schedule/budget.hpp>
#include <tangent/stats.hpp>
#include <tangent/tape.hpp>

#include <algorithm>
#include <cstddef>
#include <exception>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tangent_test {
namespace detail {

#if defined(TANGENT_TEST_STRATEGIES) && !defined(TANGENT_E2E_SELFTEST)
inline constexpr bool strategies_mode = true;
#else
inline constexpr bool strategies_mode = false;
#endif

// The requests of the matrix

/// O with every loop fully taped: the reference.
constexpr tangent::options taped_options(tangent::options o) {
  o.recompute = false;
  o.checkpoint = false;
  o.memory_budget = 0;
  o.threads = 1;
  return o;
}
constexpr tangent::options checkpointed_options(tangent::options o,
                                                int threads) {
  o.checkpoint = true;
  o.min_length = 1;
  if (threads > 1)
    o.threads = threads;
  return o;
}
constexpr tangent::options unrecomputed_options(tangent::options o) {
  o.recompute = false;
  return o;
}
constexpr tangent::options budgeted_options(tangent::options o) {
  if (o.memory_budget == 0)
    o.memory_budget = 1; // any: the override sets the bytes
  return o;
}

/// What one call gave: f's value, its result (a gradient, or the adjoints
/// after a pullback, flattened) and what f left in its writable parameters.
struct outcome {
  double value = 0;
  std::vector<double> result;
  std::vector<double> written;
};

/// Whether f's selected parameters include raw pointers (pullback only).
template <auto F, tangent::options O> constexpr bool needs_pullback() {
  using fn = function<F>;
  return fn::selected(O.wrt, true) != fn::selected(O.wrt, false);
}

/// grad<f, Ov> on copies of the arguments: the gradient (Pullback: the
/// pullback with `seed` into check_pullback's adjoints).
template <auto F, tangent::options Ov, bool Pullback, class... X>
outcome outcome_of(double seed, const X &...args) {
  using fn = function<F>;
  auto s = fn::make(args...);
  outcome out;
  if constexpr (Pullback) {
    auto adjoints = detail::initial_adjoints<F, Ov.wrt>(s);
    out.value = detail::pullback_in<F, Ov>(s, adjoints, seed);
    out.result = tangent_test::flatten(adjoints);
  } else {
    (void)seed;
    const auto r = detail::value_and_grad_in<F, Ov>(s);
    out.value = static_cast<double>(r.first);
    out.result = tangent_test::flatten(r.second);
  }
  out.written = fn::written(s);
  return out;
}

/// A plain call of f on copies of the arguments; `written` holds the
/// numbers of its writable parameters before the call.
template <auto F, class... X> outcome plain_outcome(const X &...args) {
  using fn = function<F>;
  auto s = fn::make(args...);
  outcome out;
  out.written = fn::written(s);
  out.value = static_cast<double>(fn::call_in(s));
  return out;
}

/// "" when got's result and writes are the reference's and its value is
/// the plain call's, all bitwise.
inline std::string verdict(const outcome &got, const outcome &reference,
                           const outcome &plain) {
  constexpr tolerance exact{0, 0};
  return detail::join(
      detail::join(
          detail::differs(got.result, reference.result, exact, true,
                          "component"),
          detail::differs({got.value}, {plain.value}, exact, true, "value")),
      detail::differs(got.written, reference.written, exact, true,
                      "memory written through a parameter, component"));
}

/// The reference's own check: its value the plain call's, the memory it
/// leaves in writable parameters as it found it (check.hpp's
/// written_failure).
inline std::string reference_verdict(const outcome &reference,
                                     const outcome &plain) {
  return detail::join(
      detail::differs({reference.value}, {plain.value}, {0, 0}, true, "value"),
      detail::written_failure(reference.written, plain.written));
}

/// The strategies the loops of the last gradient call chose under a
/// budget, for the check's name: " (full tape, binomial)".
inline std::string chosen_strategies() {
  const auto chosen = tangent::stats::last_strategies();
  if (chosen.empty())
    return "";
  std::string out = " (";
  for (std::size_t k = 0; k < chosen.size() && k < 4; ++k)
    out += (k ? ", " : "") + std::string(tangent::to_string(chosen[k].kind));
  if (chosen.size() > 4)
    out += ", ... " + std::to_string(chosen.size()) + " loops";
  return out + ")";
}

/// "" when every loop of the last gradient call, run under a memory budget
/// of `budget` bytes, held what docs/checkpointing.md promises: at most
/// max(budget, what the call held when the loop began) plus twice the
/// loop's largest iteration tape, and the tape's 4 KiB accounting blocks
/// (two: the values and, with TANGENT_TAPE_CHECKS, the check log).
inline std::string budget_bound_failure(std::size_t budget) {
  std::string out;
  for (const tangent::loop_strategy &s : tangent::stats::last_strategies()) {
    const std::size_t bound = std::max(budget, s.held_bytes) +
                              2 * s.largest_step_tape_bytes +
                              2 * tangent::tape::block_bytes;
    if (s.peak_bytes > bound)
      out = detail::join(out,
                         s.loop + ": peak " + std::to_string(s.peak_bytes) +
                             " bytes above the bound " + std::to_string(bound) +
                             " (held " + std::to_string(s.held_bytes) +
                             " when it began, largest iteration tape " +
                             std::to_string(s.largest_step_tape_bytes) + ")");
  }
  return out;
}

/// Runs body() -> outcome as the check `name`, then `name + suffix()`
/// is what the line shows, and `more()` a failure besides the outcome's
/// ("" if none); an exception is a failure.
template <class Body, class Suffix, class More>
void run_variant(const std::string &name, const outcome &reference,
                 const outcome &plain, const Body &body, const Suffix &suffix,
                 const More &more) {
  bits() = bit_digest{};
  std::string failure, shown = name;
  try {
    const outcome got = body();
    shown += suffix();
    failure = detail::join(detail::verdict(got, reference, plain), more());
  } catch (const std::exception &e) {
    failure = std::string("exception: ") + e.what();
  } catch (...) {
    failure = "unknown exception";
  }
  detail::report(shown, failure);
}

/// The budgets of the matrix, from the reference's peak bytes.
struct budget_point {
  std::string label;
  std::size_t bytes;
};
inline std::vector<budget_point> budget_points(std::size_t peak) {
  auto at = [](const char *what, std::size_t bytes) {
    bytes = std::max<std::size_t>(bytes, 1);
    return budget_point{
        std::string(what) + " = " + std::to_string(bytes) + " B", bytes};
  };
  return {{"1 B", 1},
          at("P/16", peak / 16),
          at("P/4", peak / 4),
          at("P/2", peak / 2),
          at("0.9 P", peak / 10 * 9 + peak % 10 * 9 / 10),
          at("4 P + 1 MiB", 4 * peak + (std::size_t{1} << 20))};
}

/// The matrix of grad<F, O> against the reference grad<RF, RO> (F's own
/// taped request, or a taped twin's).
template <auto F, tangent::options O, auto RF, tangent::options RO,
          bool Pullback, class... X>
void matrix(const std::string &name, double seed, const X &...args) {
  outcome reference, plain;
  std::size_t peak = 0;
  bool have_reference = false;
  detail::run(name + " [taped reference]", [&] {
    plain = detail::plain_outcome<F>(args...);
    tangent::stats::reset();
    const std::size_t base = tangent::stats::current_bytes();
    reference = detail::outcome_of<RF, RO, Pullback>(seed, args...);
    const std::size_t top = tangent::stats::peak_bytes();
    peak = top > base ? top - base : 0;
    have_reference = true;
    // Its own value and writes (its result is the reference).
    return detail::reference_verdict(reference, plain);
  });
  if (!have_reference)
    return;
  auto nothing = [] { return std::string(); };
  auto variant = [&]<tangent::options Ov>(const std::string &label) {
    detail::run_variant(
        name + " [" + label + "]", reference, plain,
        [&] { return detail::outcome_of<F, Ov, Pullback>(seed, args...); },
        nothing, nothing);
  };
  constexpr tangent::options T = taped_options(O);
  constexpr tangent::options C1 = checkpointed_options(O, 1);
  constexpr tangent::options C2 = checkpointed_options(C1, 2);
  constexpr tangent::options N = unrecomputed_options(O);
  constexpr tangent::options B1 = budgeted_options(O);
  constexpr bool own_reference =
      std::is_same_v<tangent::gradient<F, T>, tangent::gradient<RF, RO>>;
  if constexpr (!own_reference)
    variant.template operator()<T>("strategy taped");
  if constexpr (O != T)
    variant.template operator()<O>("strategy as requested");
  if constexpr (C1 != O && C1 != T)
    variant.template operator()<C1>("strategy checkpoint");
  if constexpr (C2 != C1 && C2 != O && C2 != T)
    variant.template operator()<C2>("strategy checkpoint, threads=2");
  if constexpr (N != T && N != O && N != C1 && N != C2)
    variant.template operator()<N>("strategy recompute=false");
  for (const budget_point &b : detail::budget_points(peak))
    detail::run_variant(
        name + " [budget " + b.label + "]", reference, plain,
        [&] {
          tangent::testing::memory_budget_override guard(b.bytes);
          tangent::detail::last_strategies_now.clear(); // this call's only
          return detail::outcome_of<F, B1, Pullback>(seed, args...);
        },
        [] { return detail::chosen_strategies(); },
        [&] { return detail::budget_bound_failure(b.bytes); });
}

/// From check and check_value_and_grad: the matrix of grad<F, O>.
template <auto F, tangent::options O, class... X>
void strategies(const std::string &name, const X &...args) {
  if constexpr (strategies_mode)
    detail::matrix<F, O, F, taped_options(O), needs_pullback<F, O>()>(name, 1.0,
                                                                      args...);
  else
    (void)name, ((void)args, ...);
}

/// From check_pullback: the matrix of its pullback call.
template <auto F, tangent::options O, class... X>
void strategies_pullback(const std::string &name, double seed,
                         const X &...args) {
  if constexpr (strategies_mode)
    detail::matrix<F, O, F, taped_options(O), true>(name, seed, args...);
  else
    (void)name, (void)seed, ((void)args, ...);
}

/// From twin (test/checkpoint/twin.hpp): the taped twin's matrix, and the
/// checkpointed twin's against the taped twin's reference.
template <auto F, tangent::options OF, auto G, tangent::options OG, class... X>
void strategies_twin(const std::string &name, const X &...args) {
  if constexpr (strategies_mode) {
    detail::matrix<F, OF, F, taped_options(OF), false>(name + "/taped", 1.0,
                                                       args...);
    detail::matrix<G, OG, F, taped_options(OF), false>(name + "/ckpt", 1.0,
                                                       args...);
  } else {
    (void)name, ((void)args, ...);
  }
}

/// The matrix of a product request Req<F, O> (hessian_vector, cotangent):
/// Req<F, Ov>{}(args...) bitwise equal to Req<F, O'>{}(args...).
template <template <auto, tangent::options> class Req, auto F,
          tangent::options O, class... A>
void product_matrix(const std::string &name, const A &...args) {
  constexpr tangent::options T = taped_options(O);
  outcome reference;
  std::size_t peak = 0;
  bool have_reference = false;
  detail::run(name + " [taped reference]", [&] {
    tangent::stats::reset();
    const std::size_t base = tangent::stats::current_bytes();
    reference.result = tangent_test::flatten(Req<F, T>{}(args...));
    const std::size_t top = tangent::stats::peak_bytes();
    peak = top > base ? top - base : 0;
    have_reference = true;
    return std::string();
  });
  if (!have_reference)
    return;
  auto product = [&]<tangent::options Ov>() {
    outcome got;
    got.result = tangent_test::flatten(Req<F, Ov>{}(args...));
    return got;
  };
  auto nothing = [] { return std::string(); };
  auto variant = [&]<tangent::options Ov>(const std::string &label) {
    detail::run_variant(
        name + " [" + label + "]", reference, reference,
        [&] { return product.template operator()<Ov>(); }, nothing, nothing);
  };
  constexpr tangent::options C1 = checkpointed_options(O, 1);
  constexpr tangent::options C2 = checkpointed_options(C1, 2);
  constexpr tangent::options N = unrecomputed_options(O);
  constexpr tangent::options B1 = budgeted_options(O);
  if constexpr (O != T)
    variant.template operator()<O>("strategy as requested");
  if constexpr (C1 != O && C1 != T)
    variant.template operator()<C1>("strategy checkpoint");
  if constexpr (C2 != C1 && C2 != O && C2 != T)
    variant.template operator()<C2>("strategy checkpoint, threads=2");
  if constexpr (N != T && N != O && N != C1 && N != C2)
    variant.template operator()<N>("strategy recompute=false");
  for (const budget_point &b : detail::budget_points(peak))
    detail::run_variant(
        name + " [budget " + b.label + "]", reference, reference,
        [&] {
          tangent::testing::memory_budget_override guard(b.bytes);
          tangent::detail::last_strategies_now.clear(); // this call's only
          return product.template operator()<B1>();
        },
        [] { return detail::chosen_strategies(); },
        [&] { return detail::budget_bound_failure(b.bytes); });
}

/// jvp<F, O>: value_and_jvp's value against a plain call (==).
template <auto F, tangent::options O, class... A>
void jvp_value(const std::string &name, const A &...args_and_tangents) {
  using fn = function<F>;
  detail::run(name + " [jvp value]", [&] {
    const auto all = std::forward_as_tuple(args_and_tangents...);
    auto plain = [&]<std::size_t... I>(std::index_sequence<I...>) {
      auto s = fn::make(std::get<I>(all)...);
      return tangent_test::flatten(fn::call_in(s));
    };
    const auto expected = plain(std::make_index_sequence<fn::arity>{});
    const auto got = std::apply(
        [](const auto &...a) {
          return tangent::directional<F, O>{}.value_and_jvp(a...).first;
        },
        all);
    return detail::differs(tangent_test::flatten(got), expected, {0, 0}, true,
                           "value");
  });
}

} // namespace detail

/// The strategy matrix of a request at args (strategies mode; nothing
/// otherwise): see the top of this header.
template <auto F, tangent::options O, class... X>
void check_strategies(const std::string &name, const tangent::gradient<F, O> &,
                      const X &...args) {
  detail::strategies<F, O>(name, args...);
}
/// The same for twins (one body, the second with [[tangent::checkpoint]]
/// or [[tangent::fixed_point]] where the first has none): the matrix of
/// both, each variant against the first's fully taped gradient.
template <auto F, tangent::options OF, auto G, tangent::options OG, class... X>
void check_twin_strategies(const std::string &name,
                           const tangent::gradient<F, OF> &,
                           const tangent::gradient<G, OG> &, const X &...args) {
  detail::strategies_twin<F, OF, G, OG>(name, args...);
}
template <auto F, tangent::options O, class... A>
void check_strategies(const std::string &name,
                      const tangent::hessian_vector<F, O> &,
                      const A &...args_and_directions) {
  if constexpr (detail::strategies_mode)
    detail::product_matrix<tangent::hessian_vector, F, O>(
        name, args_and_directions...);
  else
    (void)name, ((void)args_and_directions, ...);
}
template <auto F, tangent::options O, class... A>
void check_strategies(const std::string &name, const tangent::cotangent<F, O> &,
                      const A &...args_and_cotangent) {
  if constexpr (detail::strategies_mode)
    detail::product_matrix<tangent::cotangent, F, O>(name,
                                                     args_and_cotangent...);
  else
    (void)name, ((void)args_and_cotangent, ...);
}
template <auto F, tangent::options O, class... A>
void check_strategies(const std::string &name,
                      const tangent::directional<F, O> &,
                      const A &...args_and_tangents) {
  if constexpr (detail::strategies_mode)
    detail::jvp_value<F, O>(name, args_and_tangents...);
  else
    (void)name, ((void)args_and_tangents, ...);
}

} // namespace tangent_test

#endif // TANGENT_E2E_CHECK_STRATEGIES_HPP
