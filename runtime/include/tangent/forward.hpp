//===- tangent/forward.hpp - jvp, jacobian, hvp, hessian ------------------===//
///
/// \file
/// Forward mode and second order, with the late-binding protocol of
/// grad.hpp:
///
///  - `jvp<f, O>()` returns a `directional<f, O>`; the generator supplies
///    `tangent_linear<&f, O>::jvp(args..., tangents..., R& t_result)`, which
///    returns f's value and writes the derivative of f along the tangents
///    (one per parameter that is selected by `O.wrt` and differentiable or
///    a raw pointer: a pointer's tangent is a pointer to storage of the same
///    extent, written where f writes). A void f has no `t_result`: its
///    results are what it writes through its non-const pointers.
///  - `jacobian<f, O>()` returns a `jacobian_matrix<f, O>` (jacobian.hpp),
///    which computes its columns by that jvp, or W at a time by the vector
///    forward mode's `jvp_lanes<W>` (lanes.hpp), or its rows by a reverse
///    sweep per output (`cotangent`, or a void f's pullback).
///  - `hvp<f, O>()` returns a `hessian_vector<f, O>`; the generator supplies
///    `second_order<&f, O>::pullback(args..., directions..., adjoints...,
///    seed)`: the adjoint of f's tangent-linear function (reverse over
///    forward), which accumulates seed x (Hessian x direction) into the
///    adjoints the way `adjoint<&f, O>::pullback` accumulates the gradient.
///  - `hessian<f, O>()` returns a `hessian_matrix<f, O>`: n Hessian-vector
///    products with the unit vectors.
///
/// Raw pointer parameters take sized arguments in the high-level forms (a
/// std::span, std::vector, std::array or C array: detail::sized), which
/// size their gradients, tangents and Jacobian blocks (std::vector);
/// `directional::pushforward` is the low-level form with raw tangent
/// pointers. A class here that uses another request (a Jacobian's
/// `directional`, `cotangent` or a void f's `gradient`) names that marker in
/// its own definition (a member), never only in a function body: the
/// generator serves the markers named when the file ends, before bodies
/// are instantiated.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FORWARD_HPP
#define TANGENT_FORWARD_HPP

#include "tangent/detail/request_shape.hpp"
#include "tangent/grad.hpp"
#include "tangent/lanes.hpp"

#include <array>
#include <cstddef>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tangent {

namespace detail {
/// The one error of a forward-mode or second-order request that has no
/// generated code: the base of the primary templates below.
template <auto F> struct unbound_forward {
#ifdef __TANGENT__
  static_assert(always_false<F>,
                "tangent: no code was generated for this request because of "
                "the errors above (the generator runs at the end of a file "
                "that compiles)");
#else
  static_assert(always_false<F>,
                "tangent::jvp<f>, jacobian<f>, vjp<f>, hvp<f> and hessian<f> "
                "need the tangent plugin (tangent-clang++, or clang++ "
                "-fplugin=<path>/TangentPlugin.so) or a file that "
                "tangent-rewrite processed; see docs/modes.md");
#endif
};
} // namespace detail

/// Filled in by the generator: the tangent-linear function of f.
template <auto F, options O = options{}>
struct tangent_linear : detail::unbound_forward<F> {
  template <class... A> static double jvp(A &&...) { return 0; }
};

/// Filled in by the generator: the adjoint of f's tangent-linear function.
template <auto F, options O = options{}>
struct second_order : detail::unbound_forward<F> {
  template <class... A> static double pullback(A &&...) { return 0; }
  /// The generator says whether f's gradient comes with the product (not
  /// for raw pointer or span parameters, whose directions are constants).
  static constexpr bool gradient_from_product = true;
  template <class... A> static double pullback_with_gradient(A &&...) {
    return 0;
  }
};

/// Filled in by the generator: the adjoint of cotangent . f(x) for a
/// vector-valued f, `pullback(args..., cotangent, adjoints..., seed)`.
template <auto F, options O = options{}>
struct seeded_adjoint : detail::unbound_forward<F> {
  template <class... A> static double pullback(A &&...) { return 0; }
};

/// The object returned by `vjp<f>()` for a vector-valued f:
/// `vj(args..., u)` is u^T J, the gradient of u . f(args...), shaped as
/// grad<f> shapes a gradient (reverse mode: one forward and one reverse
/// sweep, whatever the number of outputs).
template <auto F, options O = options{}> class cotangent {
  using shape = detail::request_shape<F, O>;
  using R = typename shape::R;
  // f's result type is checked by the generator, which reports it at the
  // request.

public:
  using gradient_type = typename shape::gradient_type;

  template <class... A> gradient_type operator()(A &&...args) const {
    static_assert(sizeof...(A) == shape::sig::arity + 1,
                  "tangent::vjp<f>: pass f's arguments, then the cotangent "
                  "(a vector shaped like f's result)");
    auto all = std::forward_as_tuple(args...);
    auto result = shape::zeros(all);
    into(all, std::get<shape::sig::arity>(all), result);
    return shape::shaped(std::move(result));
  }

  /// Accumulates u^T J into `result` (all_type).
  template <class Args, class U>
  static void into(Args &all, const U &u, typename shape::all_type &result) {
    into(all, u, result, typename shape::arity_seq{}, typename shape::seq{});
  }

private:
  template <class Args, class U, std::size_t... P, std::size_t... I>
  static void into(Args &all, const U &u, typename shape::all_type &result,
                   std::index_sequence<P...>, std::index_sequence<I...>) {
    seeded_adjoint<F, O>::pullback(
        detail::argument_for<typename shape::template arg_t<P>>(
            std::get<P>(all))...,
        u,
        detail::adjoint_for<typename shape::template param_t<I>>(
            std::get<I>(result))...,
        1.0);
  }
};

/// The object returned by `jvp<f>()`: `jv(args..., tangents...)` is the
/// derivative of f along the tangents (a vector for a vector-valued f).
/// Tangents of raw pointer parameters are sized (std::span, std::vector,
/// std::array, C array), as are the pointers' arguments. For a void f,
/// whose results are what it writes through its non-const pointer
/// parameters, it takes the tangents of its inputs (the selected parameters
/// that are not such outputs) and returns its outputs' tangents (a
/// std::vector per selected output pointer). `pushforward(args...,
/// tangents...)` is the low-level form: raw tangent pointers (a non-const
/// pointer's tangent is written), returning the tangent of f's result.
template <auto F, options O = options{}> class directional {
  using shape = detail::request_shape<F, O>;
  using R = typename shape::R;
  static constexpr bool void_f = std::is_void_v<R>;
  // f's result type is checked by the generator, which reports it at the
  // request.

public:
  using tangent_type =
      std::conditional_t<void_f, typename shape::outputs_type, R>;

  template <class... A> tangent_type operator()(A &&...args) const {
    auto all = std::forward_as_tuple(args...);
    if constexpr (void_f) {
      // Tangents of the inputs only; the outputs' start at zero.
      static_assert(sizeof...(A) == shape::sig::arity + shape::input_count,
                    "tangent::jvp<f> of a void f: pass f's arguments, then "
                    "one tangent per selected parameter that is not an "
                    "output (a non-const pointer); a std::span for a "
                    "pointer");
      auto t = shape::zeros(all);
      [&]<std::size_t... J>(std::index_sequence<J...>) {
        ((std::get<shape::input_index[J]>(t) =
              shape::template copy_for<shape::input_index[J]>(
                  std::get<shape::sig::arity + J>(all))),
         ...);
      }(typename shape::input_seq{});
      call(all, t);
      return outputs(std::move(t), typename shape::output_seq{});
    } else {
      check<A...>();
      auto t =
          shape::template copies<shape::sig::arity>(all, typename shape::seq{});
      return call(all, t).second;
    }
  }

  /// `{f(args...), derivative along the tangents}` (f returning a value).
  template <class... A> std::pair<R, R> value_and_jvp(A &&...args) const {
    static_assert(!void_f, "tangent::jvp<f>.value_and_jvp: f returns void; "
                           "call jv(args..., tangents...) for the tangents "
                           "of what it writes");
    check<A...>();
    auto all = std::forward_as_tuple(args...);
    auto t =
        shape::template copies<shape::sig::arity>(all, typename shape::seq{});
    return call(all, t);
  }

  /// Low-level form: `pushforward(args..., tangents...)`, one tangent per
  /// selected parameter as the generated code takes it (a pointer for a
  /// pointer parameter, written for a non-const one); returns the tangent
  /// of f's result (nothing for a void f).
  template <class... A> R pushforward(A &&...args) const {
    check<A...>();
    auto all = std::forward_as_tuple(std::forward<A>(args)...);
    return raw(all, std::make_index_sequence<shape::sig::arity>{},
               typename shape::seq{});
  }

  /// Low-level vector forward mode: `pushforward_lanes<W>(args...,
  /// tangents...)` is pushforward with W directions at once, each tangent
  /// a `tangent::lanes<double, W>` (a pointer to them for a pointer
  /// parameter, written for a non-const one); returns the tangent of f's
  /// result in lanes (nothing for a void f). Lane j is what pushforward
  /// gives for the directions' lane j. Only where the generator bound it
  /// (see jacobian_matrix::has_lanes and docs/forward-mode.md).
  // (The result type is spelled out: deducing it would instantiate the
  // body before the generator has bound f, at the end of the file.)
  template <int W, class... A>
  std::conditional_t<void_f, void,
                     lanes<std::conditional_t<void_f, double, R>, W>>
  pushforward_lanes(A &&...args) const {
    check<A...>();
    static_assert(void_f || std::is_floating_point_v<R>,
                  "tangent::jvp<f>.pushforward_lanes: f must return void "
                  "or a floating-point value");
    auto all = std::forward_as_tuple(std::forward<A>(args)...);
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      if constexpr (void_f) {
        lanes_sweep<W>(all, std::get<shape::sig::arity + I>(all)...);
      } else {
        lanes<R, W> tangent{};
        lanes_sweep<W>(all, std::get<shape::sig::arity + I>(all)..., tangent);
        return tangent;
      }
    }(typename shape::seq{});
  }

  /// One sweep of the vector forward mode: f's arguments, the first
  /// entries of the tuple `all`, then `tangents` as jvp_lanes<W> takes
  /// them (and, for a non-void f, its result's tangent, written).
  template <int W, class Args, class... T>
  static void lanes_sweep(Args &all, T &&...tangents) {
    [&]<std::size_t... P>(std::index_sequence<P...>) {
      tangent_linear<F, O>::template jvp_lanes<W>(
          detail::argument_for<typename shape::template arg_t<P>>(
              std::get<P>(all))...,
          std::forward<T>(tangents)...);
    }(typename shape::arity_seq{});
  }

  /// Runs the tangent-linear function on `all`'s arguments with the
  /// tangents `t` (all_type, updated for outputs): {value, tangent}, or
  /// nothing for a void f.
  template <class Args, class T> static auto call(Args &all, T &t) {
    return call(all, t, typename shape::arity_seq{}, typename shape::seq{});
  }

private:
  template <class Args, class T, std::size_t... P, std::size_t... I>
  static auto call(Args &all, T &t, std::index_sequence<P...>,
                   std::index_sequence<I...>) {
    if constexpr (void_f) {
      tangent_linear<F, O>::jvp(
          detail::argument_for<typename shape::template arg_t<P>>(
              std::get<P>(all))...,
          detail::tangent_for<typename shape::template param_t<I>>(
              std::get<I>(t))...);
    } else {
      R tangent{};
      R value = tangent_linear<F, O>::jvp(
          detail::argument_for<typename shape::template arg_t<P>>(
              std::get<P>(all))...,
          detail::tangent_for<typename shape::template param_t<I>>(
              std::get<I>(t))...,
          tangent);
      return std::pair<R, R>{std::move(value), std::move(tangent)};
    }
  }

  template <class... A> static constexpr void check() {
    static_assert(sizeof...(A) == shape::sig::arity + shape::count,
                  "tangent::jvp<f>: pass f's arguments, then one tangent per "
                  "differentiable or pointer parameter (of the same type; a "
                  "std::span for a pointer)");
  }

  template <std::size_t... J>
  static tangent_type outputs(typename shape::all_type &&t,
                              std::index_sequence<J...>) {
    if constexpr (sizeof...(J) == 1)
      return std::move(std::get<shape::output_index[0]>(t));
    else
      return tangent_type{std::move(std::get<shape::output_index[J]>(t))...};
  }

  template <class All, std::size_t... P, std::size_t... I>
  static R raw(All &all, std::index_sequence<P...>, std::index_sequence<I...>) {
    if constexpr (void_f) {
      tangent_linear<F, O>::jvp(
          detail::argument_for<typename shape::template arg_t<P>>(
              std::get<P>(all))...,
          detail::argument_for<typename shape::template param_t<I>>(
              std::get<shape::sig::arity + I>(all))...);
    } else {
      R tangent{};
      tangent_linear<F, O>::jvp(
          detail::argument_for<typename shape::template arg_t<P>>(
              std::get<P>(all))...,
          detail::argument_for<typename shape::template param_t<I>>(
              std::get<shape::sig::arity + I>(all))...,
          tangent);
      return tangent;
    }
  }
};

/// The object returned by `hvp<f>()`: `hv(args..., directions...)` is the
/// Hessian of the scalar f times the directions (one per differentiable or
/// pointer parameter; a sized one for a pointer), shaped as grad<f> shapes
/// a gradient.
template <auto F, options O = options{}> class hessian_vector {
  using shape = detail::request_shape<F, O>;
  using R = typename shape::R;
  // f's result type is checked by the generator, which reports it at the
  // request.

public:
  using gradient_type = typename shape::gradient_type;

  template <class... A> gradient_type operator()(A &&...args) const {
    static_assert(sizeof...(A) == shape::sig::arity + shape::count,
                  "tangent::hvp<f>: pass f's arguments, then one direction "
                  "per differentiable or pointer parameter (of the same type; "
                  "a std::span for a pointer)");
    auto all = std::forward_as_tuple(args...);
    auto result = shape::zeros(all);
    auto v =
        shape::template copies<shape::sig::arity>(all, typename shape::seq{});
    [&]<std::size_t... P, std::size_t... I>(std::index_sequence<P...>,
                                            std::index_sequence<I...>) {
      second_order<F, O>::pullback(
          detail::argument_for<typename shape::template arg_t<P>>(
              std::get<P>(all))...,
          detail::tangent_for<typename shape::template param_t<I>>(
              std::get<I>(v))...,
          detail::adjoint_for<typename shape::template param_t<I>>(
              std::get<I>(result))...,
          1.0);
    }(typename shape::arity_seq{}, typename shape::seq{});
    return shape::shaped(std::move(result));
  }

  /// `{gradient, Hessian x directions}` from the one sweep that gives the
  /// product (the adjoint of f's tangent-linear function: its directions'
  /// adjoints are the gradient), each shaped like grad<f>'s result; the
  /// arguments as operator() takes them. Bitwise the same product, and
  /// the gradient of f.
  template <class... A>
  std::pair<gradient_type, gradient_type> gradient_and_hvp(A &&...args) const {
    static_assert(sizeof...(A) == shape::sig::arity + shape::count,
                  "tangent::hvp<f>.gradient_and_hvp: pass f's arguments, "
                  "then one direction per differentiable or pointer "
                  "parameter (of the same type; a std::span for a pointer)");
    static_assert(second_order<F, O>::gradient_from_product,
                  "tangent::hvp<f>.gradient_and_hvp: f's gradient comes with "
                  "the product only for parameters that are not raw pointers "
                  "or spans (pass a std::vector, or call grad<f> for the "
                  "gradient)");
    auto all = std::forward_as_tuple(args...);
    auto hv = shape::zeros(all);
    auto g = shape::zeros(all);
    auto v =
        shape::template copies<shape::sig::arity>(all, typename shape::seq{});
    [&]<std::size_t... P, std::size_t... I>(std::index_sequence<P...>,
                                            std::index_sequence<I...>) {
      if constexpr (second_order<F, O>::gradient_from_product)
        second_order<F, O>::pullback_with_gradient(
            detail::argument_for<typename shape::template arg_t<P>>(
                std::get<P>(all))...,
            detail::tangent_for<typename shape::template param_t<I>>(
                std::get<I>(v))...,
            detail::adjoint_for<typename shape::template param_t<I>>(
                std::get<I>(hv))...,
            detail::adjoint_for<typename shape::template param_t<I>>(
                std::get<I>(g))...,
            1.0);
    }(typename shape::arity_seq{}, typename shape::seq{});
    return {shape::shaped(std::move(g)), shape::shaped(std::move(hv))};
  }
};

/// The object returned by `hessian<f>()`: `H(args...)` is the dense
/// Hessian (row-major) of a scalar f with respect to its one
/// differentiable parameter, a vector or array (or a pointer, given a
/// sized argument): n Hessian-vector products.
template <auto F, options O = options{}> class hessian_matrix {
  using shape = detail::request_shape<F, O>;
  static_assert(shape::count == 1,
                "tangent::hessian<f>: f must have exactly one differentiable "
                "parameter (a std::vector, std::array, or a pointer given a "
                "std::span); select it with options{.wrt = ...}");
  hessian_vector<F, O> hvp_;

public:
  template <class... A>
  std::vector<std::vector<double>> operator()(A &&...args) const {
    static_assert(sizeof...(A) == shape::sig::arity,
                  "tangent::hessian<f>: wrong number of arguments");
    auto all = std::forward_as_tuple(args...);
    auto e = std::get<0>(shape::zeros(all));
    const std::size_t n = detail::scalar_count(e);
    std::vector<std::vector<double>> h(n);
    for (std::size_t j = 0; j < n; ++j) {
      detail::scalar_at(e, j) = 1;
      auto column = call(all, e, std::make_index_sequence<shape::sig::arity>{});
      detail::scalar_at(e, j) = 0;
      h[j].resize(n);
      for (std::size_t i = 0; i < n; ++i)
        h[j][i] = double(detail::scalar_at(column, i));
    }
    return h; // row j is H e_j: column j, which is row j of a symmetric H
  }

private:
  template <class Args, class E, std::size_t... P>
  auto call(Args &all, const E &e, std::index_sequence<P...>) const {
    return hvp_(std::get<P>(all)..., e);
  }
};

/// Requests forward mode: `jvp<f>()(args..., tangents...)`.
template <auto F, options O = options{}> constexpr directional<F, O> jvp() {
  static_assert(detail::signature<decltype(F)>::supported,
                "tangent::jvp<f>: f must be a function");
  return {};
}

/// Requests vector-Jacobian products of a vector-valued f.
template <auto F, options O = options{}> constexpr cotangent<F, O> vjp() {
  static_assert(detail::signature<decltype(F)>::supported,
                "tangent::vjp<f>: f must be a function");
  return {};
}

/// Requests Hessian-vector products of a scalar f.
template <auto F, options O = options{}> constexpr hessian_vector<F, O> hvp() {
  static_assert(detail::signature<decltype(F)>::supported,
                "tangent::hvp<f>: f must be a function");
  return {};
}

/// Requests the dense Hessian of a scalar f of one vector.
template <auto F, options O = options{}>
constexpr hessian_matrix<F, O> hessian() {
  static_assert(detail::signature<decltype(F)>::supported,
                "tangent::hessian<f>: f must be a function");
  return {};
}

} // namespace tangent

// jacobian<f>: its columns by the (vector) forward mode, or its rows by
// reverse sweeps.
#include "tangent/jacobian.hpp"

#endif // TANGENT_FORWARD_HPP
