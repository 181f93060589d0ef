//===- tangent/grad.hpp - gradient requests: grad<f>, options, adjoint ----===//
///
/// \file
/// The markers a user writes (`tangent::grad<f>()`, `tangent::options`,
/// `tangent::grad_with_checkpointing<f>()`) and the late-binding protocol that
/// connects them to the code the plugin (or tangent-rewrite) generates.
///
/// Protocol
/// --------
/// `grad<F, O>()` returns a `gradient<F, O>` object. Its members compute their
/// result types from F's signature only; their bodies name
/// `adjoint<F, O>`, which is instantiated at the end of the translation unit
/// (Clang instantiates function bodies there). The generator supplies an
/// explicit specialization anywhere in the translation unit:
///
/// \code
///   namespace tangent {
///   template <> struct adjoint<&f, options{...}> {
///     static R pullback(<f's parameters>, <adjoint arguments>, double seed);
///   };
///   }
/// \endcode
///
/// `pullback` runs f's forward sweep and reverse sweep, *accumulates* the
/// gradient (scaled by `seed`) into the adjoint arguments and returns f's
/// value. There is one adjoint argument per parameter that is selected by
/// `options::wrt` and is differentiable or a floating-point pointer, in
/// parameter order: `T*` for a floating-point scalar `T`, `std::vector<T>&`
/// for a vector, `std::array<T, N>&` for an array, `S&` for an object of
/// class type `S` (also given by `const S*`), `std::vector<S>&` or
/// `std::array<S, N>&` for objects, `T*` for a `T*` or `const T*`
/// parameter, `std::span<T>` for a span (docs/api.md, the pullback table).
///
/// Without the plugin no specialization exists and the primary template's
/// static_assert explains how to enable it.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_GRAD_HPP
#define TANGENT_GRAD_HPP

#include "tangent/detail/cmath_outputs.hpp"
#include "tangent/options.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tangent {

namespace detail {
template <class T> struct is_std_vector : std::false_type {};
template <class T, class A>
struct is_std_vector<std::vector<T, A>> : std::true_type {};
template <class T> struct is_std_array : std::false_type {};
template <class T, std::size_t N>
struct is_std_array<std::array<T, N>> : std::true_type {};

template <class T> struct is_std_span : std::false_type {};
template <class T, std::size_t E>
struct is_std_span<std::span<T, E>> : std::true_type {};

template <class T> struct element {
  using type = void;
};
template <class T, class A> struct element<std::vector<T, A>> {
  using type = T;
};
template <class T, std::size_t N> struct element<std::array<T, N>> {
  using type = T;
};

/// A standard string or associative container (std::string,
/// std::string_view, std::map, std::set and their multi and unordered
/// forms, recognised by their `traits_type` or `key_type`): the plugin
/// passes such a parameter through unchanged; it gets no gradient.
template <class T>
concept pass_through_type =
    requires { typename T::traits_type; } || requires { typename T::key_type; };

/// An object of class type (a struct or class of the user's, not
/// polymorphic), or a std::vector / std::array of such objects: its gradient
/// is a copy whose floating-point fields hold adjoints.
template <class T> constexpr bool is_object_type() {
  if constexpr (is_std_vector<T>::value || is_std_array<T>::value)
    return is_object_type<typename element<T>::type>();
  else if constexpr (pass_through_type<T>)
    return false;
  else
    return std::is_class_v<T> && !std::is_polymorphic_v<T> &&
           std::is_copy_constructible_v<T>;
}

/// A std::vector or std::array of floating point, or a std::vector of such
/// (a matrix as a vector of rows).
template <class T> constexpr bool is_real_container() {
  if constexpr (is_std_vector<T>::value || is_std_array<T>::value) {
    using E = typename element<T>::type;
    return std::is_floating_point_v<E> ||
           (is_std_vector<T>::value && is_std_vector<E>::value &&
            is_real_container<E>());
  } else {
    return false;
  }
}

/// An argument that carries its extent (a std::span, std::vector,
/// std::array or C array: what std::data and std::size take). Given for a
/// raw pointer parameter, it sizes that parameter's gradient, tangent or
/// Jacobian block in the high-level forms, and the pointer passed to f is
/// its data.
template <class A>
concept sized = requires(A &a) {
  std::data(a);
  std::size(a);
};

/// How a parameter of type P takes part in differentiation.
template <class P> struct param_traits {
  using bare = std::remove_cvref_t<P>;
  static constexpr bool is_scalar = std::is_floating_point_v<bare>;
  static constexpr bool is_container = is_real_container<bare>();
  /// A pointer to one object (`const Body *b`): the object by reference,
  /// whose gradient is an object.
  static constexpr bool is_object_pointer =
      std::is_pointer_v<bare> &&
      is_object_type<std::remove_cv_t<std::remove_pointer_t<bare>>>();
  /// An object, or a container of objects (is_object_type), or a pointer
  /// to an object. Polymorphic classes are not: tangent refuses them.
  static constexpr bool is_object = is_object_type<bare>() || is_object_pointer;
  /// A raw floating-point array: its extent comes from a sized argument
  /// (a std::span...) in the high-level forms, and `pullback` takes an
  /// adjoint pointer for it.
  static constexpr bool is_pointer =
      std::is_pointer_v<bare> &&
      std::is_floating_point_v<std::remove_cv_t<std::remove_pointer_t<bare>>>;
  /// A std::span of floating point: an array that carries its size; its
  /// adjoint and tangent are spans too.
  static constexpr bool is_span = [] {
    if constexpr (is_std_span<bare>::value)
      return std::is_floating_point_v<
          std::remove_cv_t<typename bare::element_type>>;
    else
      return false;
  }();
  /// Gets a gradient (scalar, vector or array of floating point, object,
  /// span).
  static constexpr bool differentiable =
      is_scalar || is_container || is_object || is_span;
  using pointee = std::remove_cv_t<typename std::conditional_t<
      is_std_span<bare>::value, bare,
      std::pointer_traits<std::conditional_t<std::is_pointer_v<bare>, bare,
                                             int *>>>::element_type>;
  /// A pointer or span to non-const floating point: what f writes through
  /// it is an output (the results of a void f).
  static constexpr bool is_output = [] {
    if constexpr (is_std_span<bare>::value)
      return is_span && !std::is_const_v<typename bare::element_type>;
    else
      return is_pointer && !std::is_const_v<std::remove_pointer_t<bare>>;
  }();
  /// The gradient value type returned by `df(...)`: a std::vector of the
  /// argument's size for a pointer or span, the object for a pointer to
  /// one.
  using gradient =
      std::conditional_t<is_pointer || is_span, std::vector<pointee>,
                         std::conditional_t<is_object_pointer, pointee, bare>>;
};

template <auto F> inline constexpr bool always_false = false;
template <class T> inline constexpr bool always_false_type = false;

/// The signature of a requested function. Unsupported callables get a
/// harmless placeholder (`supported` false): grad() reports them once, and
/// nothing else in gradient<F, O> adds errors of its own.
template <class F> struct signature {
  static constexpr bool supported = false;
  using result = double;
  using params = std::tuple<>;
  static constexpr std::size_t arity = 0;
};
template <class R, class... A> struct signature<R (*)(A...)> {
  static constexpr bool supported = true;
  using result = R;
  using params = std::tuple<A...>;
  static constexpr std::size_t arity = sizeof...(A);
};
template <class R, class... A>
struct signature<R (*)(A...) noexcept> : signature<R (*)(A...)> {};
/// A member function: the object is the first parameter.
template <class R, class C, class... A> struct signature<R (C::*)(A...)> {
  static constexpr bool supported = true;
  using result = R;
  using params = std::tuple<C &, A...>;
  static constexpr std::size_t arity = sizeof...(A) + 1;
};
template <class R, class C, class... A>
struct signature<R (C::*)(A...) const> : signature<R (C::*)(A...)> {
  using params = std::tuple<const C &, A...>;
};
template <class R, class C, class... A>
struct signature<R (C::*)(A...) noexcept> : signature<R (C::*)(A...)> {};
template <class R, class C, class... A>
struct signature<R (C::*)(A...) const noexcept>
    : signature<R (C::*)(A...) const> {};

template <class P> struct selection;
template <class... A> struct selection<std::tuple<A...>> {
  /// Which parameters get an adjoint argument in `pullback`, given `wrt`.
  static constexpr std::array<bool, sizeof...(A)>
  adjoint_flags(std::uint64_t wrt, bool with_pointers) {
    std::array<bool, sizeof...(A)> flags{};
    std::size_t i = 0;
    ((flags[i] =
          ((wrt >> i) & 1u) && (param_traits<A>::differentiable ||
                                (with_pointers && param_traits<A>::is_pointer)),
      ++i),
     ...);
    return flags;
  }
  template <std::size_t K>
  static constexpr auto indices_of(std::array<bool, sizeof...(A)> flags) {
    std::array<std::size_t, K> out{};
    std::size_t k = 0;
    for (std::size_t i = 0; i < flags.size(); ++i)
      if (flags[i])
        out[k++] = i;
    return out;
  }
  static constexpr std::size_t count(std::array<bool, sizeof...(A)> flags) {
    std::size_t n = 0;
    for (bool f : flags)
      n += f;
    return n;
  }
};

template <class T> T zero_like(const T &value) {
  if constexpr (std::is_floating_point_v<T>) {
    (void)value;
    return T(0);
  } else if constexpr (param_traits<T>::is_object) {
    return value; // its floating-point fields are zeroed by the adjoint
  } else if constexpr (is_std_vector<T>::value) {
    if constexpr (is_std_vector<typename T::value_type>::value) {
      T rows(value.size());
      for (std::size_t i = 0; i < value.size(); ++i)
        rows[i] = zero_like(value[i]);
      return rows;
    } else {
      return T(value.size(), typename T::value_type(0));
    }
  } else {
    (void)value;
    return T{};
  }
}

template <class T> decltype(auto) adjoint_argument(T &gradient) {
  if constexpr (std::is_floating_point_v<T>)
    return &gradient;
  else
    return (gradient);
}

/// The argument f's parameter of type P gets for `a`: the data of a sized
/// argument given for a raw pointer, else `a` itself.
template <class P, class A> decltype(auto) argument_for(A &&a) {
  if constexpr (param_traits<P>::is_pointer && sized<A>)
    return std::data(a);
  else
    return std::forward<A>(a);
}

/// The adjoint (or tangent, or direction) argument of a parameter of type
/// P held in `g`, a value of its gradient type: a pointer to a scalar or
/// to a pointer's elements, a reference to anything else.
template <class P, class G> decltype(auto) adjoint_for(G &g) {
  if constexpr (param_traits<P>::is_span)
    return std::span<typename param_traits<P>::pointee>(g);
  else if constexpr (param_traits<P>::is_pointer)
    return std::data(g);
  else
    return adjoint_argument(g);
}

/// A zero gradient (or tangent) for parameter type P, shaped like the
/// argument `a`.
/// Whether a request's objects cannot be copied safely (the binding
/// says `copy_shares`: a copy would share what the destructor frees).
template <class Adj> constexpr bool copy_shares_of() {
  if constexpr (requires { Adj::copy_shares; })
    return Adj::copy_shares;
  else
    return false;
}
template <class Adj> constexpr bool copy_shares = copy_shares_of<Adj>();

template <class P, class A> auto zero_gradient_for(const A &a) {
  using G = typename param_traits<P>::gradient;
  if constexpr (param_traits<P>::is_pointer || param_traits<P>::is_span) {
    static_assert(sized<const A &>,
                  "tangent: a raw pointer parameter has no size: pass a "
                  "std::span (or a std::vector, std::array or C array) for "
                  "it, leave it out with options{.wrt = ...}, or use the "
                  "low-level form (pullback, pushforward)");
    if constexpr (sized<const A &>)
      return G(std::size(a), typename G::value_type(0));
    else
      return G{};
  } else if constexpr (param_traits<P>::is_object_pointer) {
    return G(*a); // the object; its adjoint zeroes its floating-point fields
  } else {
    return zero_like<G>(a);
  }
}

/// An argument's elements as a std::vector (a sized argument's copy).
template <class E, class A> std::vector<E> copy_of(const A &a) {
  std::vector<E> out;
  if constexpr (sized<const A &>)
    out.assign(std::data(a), std::data(a) + std::size(a));
  return out;
}
} // namespace detail

/// Hands generated code the pointer to a field it may not name (private or
/// protected): the generator declares a tag with a friend
/// `member_pointer(Tag)` and explicitly instantiates this template with the
/// member; an explicit instantiation may name any member, and the friend it
/// defines returns the pointer (the tag's friend is the same function, in
/// the same namespace, so argument-dependent lookup finds it). Only
/// generated code uses it.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnon-template-friend"
#endif
namespace generated::access {
template <class Tag, typename Tag::type Member> struct field_access {
  friend constexpr typename Tag::type member_pointer(Tag) { return Member; }
};
} // namespace generated::access
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/// Filled in by the generator, one explicit specialization per request.
/// The generator defines __TANGENT__ while it parses (plugin and
/// tangent-rewrite); an unbound request then means that generation did not
/// run because the file had errors before its end.
template <auto F, options O = options{}> struct adjoint {
#ifdef __TANGENT__
  static_assert(detail::always_false<F>,
                "tangent: no adjoint was generated for this request because "
                "of the errors above (the generator runs at the end of a file "
                "that compiles)");
#else
  static_assert(detail::always_false<F>,
                "tangent::grad<f> needs the tangent plugin: compile with "
                "tangent-clang++, or clang++ -fplugin=<path>/TangentPlugin.so; "
                "or run tangent-rewrite on this file first; see docs/modes.md");
#endif
  // What the runtime calls, so that the assertion is the only error.
  template <class... A> static double pullback(A &&...) { return 0; }
  template <class T> static void zero_gradient(T &) {}
};

/// The object returned by `grad<f>()`: callable like f, returns gradients.
template <auto F, options O = options{}> class gradient {
  using sig = detail::signature<decltype(F)>;
  using R = typename sig::result;
  using params = typename sig::params;
  using select = detail::selection<params>;
  /// The selected parameters: differentiable ones and raw pointers (whose
  /// arguments must then carry their size in `df(...)`).
  static constexpr auto grad_flags = select::adjoint_flags(O.wrt, true);
  static constexpr std::size_t num_grads = select::count(grad_flags);
  static constexpr auto grad_index =
      select::template indices_of<num_grads>(grad_flags);

  static_assert(!sig::supported || std::is_floating_point_v<R> ||
                    std::is_void_v<R>,
                "tangent::grad<f>: f must return float or double (or void, "
                "with its results written through pointers: pullback)");

  template <std::size_t I> using param_t = std::tuple_element_t<I, params>;
  template <std::size_t I>
  using grad_t =
      typename detail::param_traits<param_t<grad_index[I]>>::gradient;

  template <class G> struct result_of;
  template <std::size_t... I> struct result_of<std::index_sequence<I...>> {
    using type = std::tuple<grad_t<I>...>;
  };
  template <std::size_t I> struct result_of<std::index_sequence<I>> {
    using type = grad_t<I>;
  };
  using grad_seq = std::make_index_sequence<num_grads>;

public:
  /// `df(args...)`: the gradient, bare for one parameter, else a tuple (a
  /// placeholder double for a callable that grad() refused).
  using gradient_type =
      std::conditional_t<sig::supported, typename result_of<grad_seq>::type,
                         double>;

  template <class... A> gradient_type operator()(A &&...args) const {
    return value_and_grad(std::forward<A>(args)...).second;
  }

  template <class... A>
  std::pair<R, gradient_type> value_and_grad(A &&...args) const {
    if constexpr (!sig::supported) { // reported once, by grad()
      return {};
    } else {
      static_assert(sizeof...(A) == sig::arity,
                    "tangent::grad<f>: wrong number of arguments");
      static_assert(!std::is_void_v<R>,
                    "tangent::grad<f>: f returns void; its results are what "
                    "it writes through pointers, whose adjoints (seeds) "
                    "df.pullback(args..., adjoints...) takes");
      return run(grad_seq{}, std::forward_as_tuple(args...));
    }
  }

  /// Low-level form: `pullback(args..., adjoints..., [seed])`; adjoints are
  /// accumulated into. Returns f's value. A pointer parameter's argument
  /// and adjoint may be raw pointers or sized (a std::span, a
  /// std::vector...: their data is passed).
  template <class... A> R pullback(A &&...args) const {
    if constexpr (!sig::supported) { // reported once, by grad()
      return {};
    } else {
      static_assert(sizeof...(A) == sig::arity + num_grads ||
                        sizeof...(A) == sig::arity + num_grads + 1,
                    "tangent::grad<f>.pullback: pass f's arguments, then one "
                    "adjoint per differentiable or pointer parameter, then an "
                    "optional double seed");
      auto all = std::forward_as_tuple(std::forward<A>(args)...);
      return forward_pullback(std::make_index_sequence<sizeof...(A)>{}, all);
    }
  }

private:
  /// Argument K of a `pullback` call as the generated pullback takes it.
  template <std::size_t K, class Arg> static decltype(auto) passed(Arg &&a) {
    if constexpr (K < sig::arity)
      return detail::argument_for<param_t<K>>(std::forward<Arg>(a));
    else if constexpr (K < sig::arity + num_grads)
      return detail::argument_for<param_t<grad_index[K - sig::arity]>>(
          std::forward<Arg>(a));
    else
      return std::forward<Arg>(a);
  }

  template <std::size_t... K, class All>
  static R forward_pullback(std::index_sequence<K...>, All &all) {
    if constexpr (sizeof...(K) == sig::arity + num_grads)
      return adjoint<F, O>::pullback(passed<K>(std::get<K>(std::move(all)))...,
                                     1.0);
    else
      return adjoint<F, O>::pullback(passed<K>(std::get<K>(std::move(all)))...);
  }

  template <std::size_t... I, class Args>
  std::pair<R, gradient_type> run(std::index_sequence<I...>,
                                  Args &&args) const {
    static_assert(
        (std::is_copy_constructible_v<grad_t<I>> && ...) &&
            !detail::copy_shares<adjoint<F, O>>,
        "tangent::grad<f>: df(args...) makes the gradient of an object "
        "parameter by copying the argument, and this object cannot be "
        "copied (or its copy would share what its destructor frees): call "
        "df.pullback(args..., gradients..., seed) with gradient objects you "
        "build, their floating-point fields zero");
    std::tuple<grad_t<I>...> grads{
        detail::zero_gradient_for<param_t<grad_index[I]>>(
            std::get<grad_index[I]>(args))...};
    (zero_object<grad_t<I>>(std::get<I>(grads)), ...);
    R value = call(std::make_index_sequence<sig::arity>{}, args, grads,
                   std::index_sequence<I...>{});
    if constexpr (sizeof...(I) == 1)
      return {value, std::move(std::get<0>(grads))};
    else
      return {value, std::move(grads)};
  }

  /// An object's gradient starts as a copy of the argument; the generated
  /// specialization sets its floating-point fields to zero.
  template <class G> static void zero_object(G &gradient) {
    if constexpr (detail::param_traits<G>::is_object)
      adjoint<F, O>::zero_gradient(gradient);
    else
      (void)gradient;
  }

  template <std::size_t... P, class Args, class Grads, std::size_t... I>
  static R call(std::index_sequence<P...>, Args &args, Grads &grads,
                std::index_sequence<I...>) {
    return adjoint<F, O>::pullback(
        detail::argument_for<param_t<P>>(std::get<P>(args))...,
        detail::adjoint_for<param_t<grad_index[I]>>(std::get<I>(grads))...,
        1.0);
  }
};

/// Requests the gradient of f. Returns a callable `gradient<f, O>`.
template <auto F, options O = options{}> constexpr gradient<F, O> grad() {
  static_assert(detail::signature<decltype(F)>::supported,
                "tangent::grad<f>: f must be a function (a free function, a "
                "member function, a static member function or a function "
                "template specialization); callable objects are not "
                "supported");
  return {};
}

/// `grad<f, options{.checkpoint = true}>()`.
template <auto F>
constexpr gradient<F, options{.checkpoint = true}> grad_with_checkpointing() {
  return {};
}

} // namespace tangent

#endif // TANGENT_GRAD_HPP
