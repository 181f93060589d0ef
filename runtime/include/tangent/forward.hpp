//===- tangent/forward.hpp - jvp, jacobian, hvp, hessian ------------------===//
///
/// \file
/// Forward mode and second order, with the late-binding protocol of
/// grad.hpp:
///
///  - `jvp<f, O>()` returns a `directional<f, O>`; the generator supplies
///    `tangent_linear<&f, O>::jvp(args..., tangents..., R& t_result)`, which
///    returns f's value and writes the derivative of f along the tangents
///    (one per parameter that is selected by `O.wrt` and differentiable).
///  - `jacobian<f, O>()` returns a `jacobian_matrix<f, O>`, which calls that
///    jvp once per input coordinate (forward mode, one column per call).
///  - `hvp<f, O>()` returns a `hessian_vector<f, O>`; the generator supplies
///    `second_order<&f, O>::pullback(args..., directions..., adjoints...,
///    seed)`: the adjoint of f's tangent-linear function (reverse over
///    forward), which accumulates seed x (Hessian x direction) into the
///    adjoints the way `adjoint<&f, O>::pullback` accumulates the gradient.
///  - `hessian<f, O>()` returns a `hessian_matrix<f, O>`: n Hessian-vector
///    products with the unit vectors.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FORWARD_HPP
#define TANGENT_FORWARD_HPP

#include "tangent/grad.hpp"

#include <cstddef>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tangent {

namespace detail {

/// A one-element tuple's element; other tuples as they are.
template <class T> struct bare_or_tuple {
  using type = T;
};
template <class G> struct bare_or_tuple<std::tuple<G>> {
  using type = G;
};

/// What the parameters of f contribute to a derivative request with
/// options O: the selected differentiable ones, their gradient (and
/// tangent) types, and the shape of a gradient (bare, or a tuple).
template <auto F, options O> struct request_shape {
  using sig = signature<decltype(F)>;
  using R = typename sig::result;
  using params = typename sig::params;
  using select = selection<params>;
  static constexpr auto flags = select::adjoint_flags(O.wrt, false);
  static constexpr std::size_t count = select::count(flags);
  static constexpr auto index = select::template indices_of<count>(flags);
  template <std::size_t I>
  using param_t = std::tuple_element_t<index[I], params>;
  template <std::size_t I>
  using grad_t = typename param_traits<param_t<I>>::gradient;

  template <class S> struct shape_of;
  template <std::size_t... I> struct shape_of<std::index_sequence<I...>> {
    using all = std::tuple<grad_t<I>...>;
    using type = typename bare_or_tuple<all>::type;
  };
  using seq = std::make_index_sequence<count>;
  /// One value per selected parameter.
  using all_type = typename shape_of<seq>::all;
  /// What grad<f, O> returns: bare for one parameter, else a tuple.
  using gradient_type = typename shape_of<seq>::type;

  /// Zero gradients (or tangents) shaped like the selected arguments.
  template <class Args, std::size_t... I>
  static all_type zeros(const Args &args, std::index_sequence<I...>) {
    return all_type{zero_like<grad_t<I>>(std::get<index[I]>(args))...};
  }
  static gradient_type shaped(all_type &&all) {
    if constexpr (count == 1)
      return std::move(std::get<0>(all));
    else
      return std::move(all);
  }
};

/// The number of scalars in a value (1 for a scalar).
template <class T> std::size_t scalar_count(const T &value) {
  if constexpr (std::is_floating_point_v<T>) {
    (void)value;
    return 1;
  } else {
    return value.size();
  }
}
/// Element k of a value (the value itself for a scalar).
template <class T> auto &scalar_at(T &value, std::size_t k) {
  if constexpr (std::is_floating_point_v<T>) {
    (void)k;
    return value;
  } else {
    return value[k];
  }
}

} // namespace detail

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
    auto result = shape::zeros(all, typename shape::seq{});
    call(all, result, std::make_index_sequence<shape::sig::arity>{},
         typename shape::seq{});
    return shape::shaped(std::move(result));
  }

private:
  template <class Args, class Result, std::size_t... P, std::size_t... I>
  static void call(Args &all, Result &result, std::index_sequence<P...>,
                   std::index_sequence<I...>) {
    seeded_adjoint<F, O>::pullback(
        std::get<P>(all)..., std::get<shape::sig::arity>(all),
        detail::adjoint_argument(std::get<I>(result))..., 1.0);
  }
};

/// The object returned by `jvp<f>()`: `jv(args..., tangents...)` is the
/// derivative of f along the tangents (a vector for a vector-valued f).
template <auto F, options O = options{}> class directional {
  using shape = detail::request_shape<F, O>;
  using R = typename shape::R;
  // f's result type is checked by the generator, which reports it at the
  // request.

public:
  using tangent_type = R;

  template <class... A> R operator()(A &&...args) const {
    return value_and_jvp(std::forward<A>(args)...).second;
  }

  /// `{f(args...), derivative along the tangents}`.
  template <class... A> std::pair<R, R> value_and_jvp(A &&...args) const {
    static_assert(sizeof...(A) == shape::sig::arity + shape::count,
                  "tangent::jvp<f>: pass f's arguments, then one tangent per "
                  "differentiable parameter (of the same type)");
    R tangent{};
    R value = tangent_linear<F, O>::jvp(std::forward<A>(args)..., tangent);
    return {std::move(value), std::move(tangent)};
  }
};

/// The object returned by `jacobian<f>()`: `J(args...)` is a std::vector
/// with one row per output of f; row i is shaped as grad<f> shapes a
/// gradient and holds the gradient of output i. The sweeps follow the
/// shape: with fewer outputs m than input scalars n, m reverse sweeps (one
/// vector-Jacobian product per row), else n forward sweeps (one jvp per
/// column).
template <auto F, options O = options{}> class jacobian_matrix {
  using shape = detail::request_shape<F, O>;
  using R = typename shape::R;
  static_assert(!shape::sig::supported || detail::is_real_container<R>(),
                "tangent::jacobian<f>: f must return a std::vector or "
                "std::array of floating point (use grad<f> for a scalar f)");
  directional<F, O> jvp_;
  cotangent<F, O> vjp_;

public:
  using row_type = typename shape::gradient_type;

  template <class... A> std::vector<row_type> operator()(A &&...args) const {
    static_assert(sizeof...(A) == shape::sig::arity,
                  "tangent::jacobian<f>: wrong number of arguments");
    auto all = std::forward_as_tuple(args...);
    auto seeds = shape::zeros(all, typename shape::seq{});
    std::vector<row_type> rows;
    const R value =
        std::apply([](const auto &...a) { return std::invoke(F, a...); }, all);
    std::size_t inputs = 0;
    std::apply(
        [&](const auto &...s) { ((inputs += detail::scalar_count(s)), ...); },
        seeds);
    if (value.size() < inputs) { // rows: one reverse sweep each
      R unit = value;
      for (auto &e : unit)
        e = 0;
      for (std::size_t i = 0; i < unit.size(); ++i) {
        unit[i] = 1;
        rows.push_back(
            row(all, unit, std::make_index_sequence<shape::sig::arity>{}));
        unit[i] = 0;
      }
      return rows;
    }
    columns(all, seeds, rows, typename shape::seq{});
    return rows;
  }

private:
  template <class Args, std::size_t... P>
  row_type row(Args &all, const R &unit, std::index_sequence<P...>) const {
    return vjp_(std::get<P>(all)..., unit);
  }

  template <class Args, class Seeds, std::size_t... I>
  void columns(Args &all, Seeds &seeds, std::vector<row_type> &rows,
               std::index_sequence<I...>) const {
    (column<I>(all, seeds, rows), ...);
  }

  /// Every column of parameter I: a unit tangent per scalar.
  template <std::size_t I, class Args, class Seeds>
  void column(Args &all, Seeds &seeds, std::vector<row_type> &rows) const {
    auto &seed = std::get<I>(seeds);
    static_assert(
        !detail::is_std_vector<
            std::remove_cvref_t<decltype(detail::scalar_at(seed, 0))>>::value,
        "tangent::jacobian<f>: parameters that are vectors of "
        "vectors are not supported");
    for (std::size_t k = 0; k < detail::scalar_count(seed); ++k) {
      detail::scalar_at(seed, k) = 1;
      R col = call(all, seeds, std::make_index_sequence<shape::sig::arity>{},
                   typename shape::seq{});
      detail::scalar_at(seed, k) = 0;
      if (rows.empty()) {
        auto zero = shape::zeros(all, typename shape::seq{});
        rows.assign(col.size(), shape::shaped(std::move(zero)));
      }
      for (std::size_t i = 0; i < col.size(); ++i) {
        if constexpr (shape::count == 1)
          detail::scalar_at(rows[i], k) = col[i];
        else
          detail::scalar_at(std::get<I>(rows[i]), k) = col[i];
      }
    }
  }

  template <class Args, class Seeds, std::size_t... P, std::size_t... I>
  R call(Args &all, const Seeds &seeds, std::index_sequence<P...>,
         std::index_sequence<I...>) const {
    return jvp_(std::get<P>(all)..., std::get<I>(seeds)...);
  }
};

/// The object returned by `hvp<f>()`: `hv(args..., directions...)` is the
/// Hessian of the scalar f times the directions (one per differentiable
/// parameter), shaped as grad<f> shapes a gradient.
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
                  "per differentiable parameter (of the same type)");
    auto all = std::forward_as_tuple(args...);
    auto result = shape::zeros(all, typename shape::seq{});
    call(all, result, std::make_index_sequence<shape::sig::arity>{},
         typename shape::seq{});
    return shape::shaped(std::move(result));
  }

private:
  template <class Args, class Result, std::size_t... P, std::size_t... I>
  static void call(Args &all, Result &result, std::index_sequence<P...>,
                   std::index_sequence<I...>) {
    second_order<F, O>::pullback(
        std::get<P>(all)..., std::get<shape::sig::arity + I>(all)...,
        detail::adjoint_argument(std::get<I>(result))..., 1.0);
  }
};

/// The object returned by `hessian<f>()`: `H(args...)` is the dense
/// Hessian (row-major) of a scalar f with respect to its one
/// differentiable parameter, a vector or array: n Hessian-vector products.
template <auto F, options O = options{}> class hessian_matrix {
  using shape = detail::request_shape<F, O>;
  static_assert(shape::count == 1,
                "tangent::hessian<f>: f must have exactly one differentiable "
                "parameter (a std::vector or std::array); select it with "
                "options{.wrt = ...}");
  hessian_vector<F, O> hvp_;

public:
  template <class... A>
  std::vector<std::vector<double>> operator()(A &&...args) const {
    static_assert(sizeof...(A) == shape::sig::arity,
                  "tangent::hessian<f>: wrong number of arguments");
    auto all = std::forward_as_tuple(args...);
    auto e = std::get<0>(shape::zeros(all, typename shape::seq{}));
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

/// Requests the Jacobian of a vector-valued f.
template <auto F, options O = options{}>
constexpr jacobian_matrix<F, O> jacobian() {
  static_assert(detail::signature<decltype(F)>::supported,
                "tangent::jacobian<f>: f must be a function");
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

#endif // TANGENT_FORWARD_HPP
