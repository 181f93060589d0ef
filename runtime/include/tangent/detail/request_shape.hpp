//===- tangent/detail/request_shape.hpp - shapes of derivative requests -===//
///
/// \file
/// What the parameters of f contribute to a forward-mode, Jacobian or
/// second-order request (tangent/forward.hpp): which are selected, the
/// types of their gradients and tangents, a void function's outputs, and
/// how sized arguments (a std::span for a raw pointer) are passed.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_DETAIL_REQUEST_SHAPE_HPP
#define TANGENT_DETAIL_REQUEST_SHAPE_HPP

#include "tangent/grad.hpp"

#include <array>
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

/// The tangent (or direction) argument of a parameter of type P held in
/// `t`, a value of its gradient type: the data of a pointer's, else `t`.
template <class P, class T> decltype(auto) tangent_for(T &t) {
  if constexpr (param_traits<P>::is_span)
    return std::remove_cvref_t<P>(t);
  else if constexpr (param_traits<P>::is_pointer)
    return std::data(t);
  else
    return (t);
}

/// What the parameters of f contribute to a derivative request with
/// options O: the selected ones (differentiable, and raw pointers, which a
/// sized argument sizes), their gradient (and tangent) types, and the
/// shape of a gradient (bare, or a tuple).
template <auto F, options O> struct request_shape {
  using sig = signature<decltype(F)>;
  using R = typename sig::result;
  using params = typename sig::params;
  using select = selection<params>;
  static constexpr auto flags = select::adjoint_flags(O.wrt, true);
  static constexpr std::size_t count = select::count(flags);
  static constexpr auto index = select::template indices_of<count>(flags);
  template <std::size_t I>
  using param_t = std::tuple_element_t<index[I], params>;
  template <std::size_t I>
  using grad_t = typename param_traits<param_t<I>>::gradient;
  template <std::size_t P> using arg_t = std::tuple_element_t<P, params>;

  template <class S> struct shape_of;
  template <std::size_t... I> struct shape_of<std::index_sequence<I...>> {
    using all = std::tuple<grad_t<I>...>;
    using type = typename bare_or_tuple<all>::type;
  };
  using seq = std::make_index_sequence<count>;
  using arity_seq = std::make_index_sequence<sig::arity>;
  /// One value per selected parameter.
  using all_type = typename shape_of<seq>::all;
  /// What grad<f, O> returns: bare for one parameter, else a tuple.
  using gradient_type = typename shape_of<seq>::type;

  /// The selected parameters that are outputs: pointers to non-const
  /// floating point (what a void f writes through them is its result).
  static constexpr auto output_flags = [] {
    std::array<bool, count> out{};
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((out[I] = param_traits<param_t<I>>::is_output), ...);
    }(seq{});
    return out;
  }();
  static constexpr std::size_t output_count = [] {
    std::size_t n = 0;
    for (bool b : output_flags)
      n += b;
    return n;
  }();
  static constexpr auto output_index = [] {
    std::array<std::size_t, output_count> out{};
    std::size_t k = 0;
    for (std::size_t i = 0; i < count; ++i)
      if (output_flags[i])
        out[k++] = i;
    return out;
  }();
  template <class S> struct outputs_of;
  template <std::size_t... J> struct outputs_of<std::index_sequence<J...>> {
    using type =
        typename bare_or_tuple<std::tuple<grad_t<output_index[J]>...>>::type;
  };
  using output_seq = std::make_index_sequence<output_count>;
  /// What jvp<f> of a void f returns: the tangents of its outputs (a
  /// std::vector per selected output pointer; a tuple for several).
  using outputs_type = typename outputs_of<output_seq>::type;

  /// A void f's inputs: the selected parameters that are not outputs (an
  /// output's values at the call are not an input of its Jacobian).
  static constexpr std::size_t input_count = count - output_count;
  static constexpr auto input_index = [] {
    std::array<std::size_t, input_count> out{};
    std::size_t k = 0;
    for (std::size_t i = 0; i < count; ++i)
      if (!output_flags[i])
        out[k++] = i;
    return out;
  }();
  using input_seq = std::make_index_sequence<input_count>;
  template <class S> struct inputs_of;
  template <std::size_t... J> struct inputs_of<std::index_sequence<J...>> {
    using type =
        typename bare_or_tuple<std::tuple<grad_t<input_index[J]>...>>::type;
  };
  /// A row of a void f's Jacobian: shaped like a gradient of its inputs.
  using inputs_type = typename inputs_of<input_seq>::type;
  /// The inputs' part of `all` (all_type).
  template <std::size_t... J>
  static inputs_type inputs(all_type &&all, std::index_sequence<J...>) {
    if constexpr (sizeof...(J) == 1)
      return std::move(std::get<input_index[0]>(all));
    else
      return inputs_type{std::move(std::get<input_index[J]>(all))...};
  }

  /// Zero gradients (or tangents) shaped like the selected arguments.
  template <class Args, std::size_t... I>
  static all_type zeros(const Args &args, std::index_sequence<I...>) {
    return all_type{zero_gradient_for<param_t<I>>(std::get<index[I]>(args))...};
  }
  static all_type zeros(const auto &args) { return zeros(args, seq{}); }
  /// Copies of the tangents (or directions) given from position `at` of
  /// `args` on, one per selected parameter (a pointer's as a std::vector).
  template <std::size_t At, class Args, std::size_t... I>
  static all_type copies(const Args &args, std::index_sequence<I...>) {
    return all_type{copy_for<I>(std::get<At + I>(args))...};
  }
  template <std::size_t I, class T> static grad_t<I> copy_for(const T &t) {
    if constexpr (param_traits<param_t<I>>::is_pointer ||
                  param_traits<param_t<I>>::is_span) {
      static_assert(sized<const T &>,
                    "tangent: the tangent (or direction) of a raw pointer "
                    "parameter has no size: pass a std::span, std::vector, "
                    "std::array or C array, or use pushforward");
      return copy_of<typename param_traits<param_t<I>>::pointee>(t);
    } else {
      return grad_t<I>(t);
    }
  }
  static gradient_type shaped(all_type &&all) {
    if constexpr (count == 1)
      return std::move(std::get<0>(all));
    else
      return std::move(all);
  }
  /// Calls f itself on `args` (sized ones by their data).
  template <class Args> static R primal(Args &args) {
    return [&]<std::size_t... P>(std::index_sequence<P...>) {
      return std::invoke(F, argument_for<arg_t<P>>(std::get<P>(args))...);
    }(arity_seq{});
  }

  /// The output pointers' storage of a call: saved before the first sweep
  /// and put back before each, so that every sweep starts where f would.
  template <class Args> struct outputs_state {
    std::array<std::vector<double>, output_count> saved;
    std::array<double *, output_count> where{};
    std::array<std::size_t, output_count> size{};
    explicit outputs_state(Args &args) {
      [&]<std::size_t... J>(std::index_sequence<J...>) {
        (save<J>(args), ...);
      }(output_seq{});
    }
    template <std::size_t J> void save(Args &args) {
      auto &a = std::get<index[output_index[J]]>(args);
      static_assert(sized<decltype(a)>,
                    "tangent: an output pointer of a void function has no "
                    "size: pass a std::span, std::vector, std::array or C "
                    "array for it");
      if constexpr (sized<decltype(a)>) {
        where[J] = std::data(a);
        size[J] = std::size(a);
        saved[J].assign(where[J], where[J] + size[J]);
      }
    }
    void restore() const {
      for (std::size_t j = 0; j < output_count; ++j)
        for (std::size_t k = 0; k < size[j]; ++k)
          where[j][k] = saved[j][k];
    }
    std::size_t total() const {
      std::size_t n = 0;
      for (std::size_t s : size)
        n += s;
      return n;
    }
  };
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

} // namespace tangent

#endif // TANGENT_DETAIL_REQUEST_SHAPE_HPP
