//===- test/e2e/check_forward.hpp - forward mode of every e2e gradient ----===//
///
/// \file
/// With -DTANGENT_E2E_FORWARD (the e2e-forward.<topic> tests), every
/// `check(name, df, args...)` of check.hpp also checks forward mode on the
/// same function and point: `tangent::jvp<f, O>()(args..., v...)` must
/// equal the gradient `df(args...)` dotted with the tangents v, to 1e-12
/// of the sum of |g_k v_k| (1e-5 in single precision), and the value of
/// `value_and_jvp` must equal (==) a plain call of f. The tangents are a
/// fixed pattern of values between -1 and 1 (an object's tangent is an
/// object with its listed fields set). Functions with raw pointer
/// parameters are checked by `check_pullback` instead (check_forward_pullback
/// below: spans for the pointers, against finite differences); a topic whose
/// functions forward mode would refuse inside would not be built in this
/// mode at all (TANGENT_E2E_NOT_FORWARD in test/e2e/CMakeLists.txt; empty
/// today).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_E2E_CHECK_FORWARD_HPP
#define TANGENT_E2E_CHECK_FORWARD_HPP

namespace tangent_test {

/// The relative tolerance of the forward-mode check of f, for functions that
/// round through float inside (both modes then differentiate in single
/// precision, each its own way): specialize it next to f.
template <auto F> inline constexpr double forward_rel = 0;

namespace detail {

/// Overwrites every number of `v` (scalar, container, nested, tuple) with
/// the k-th value of a fixed pattern.
template <class T> void fill_pattern(T &v, std::size_t &k) {
  if constexpr (std::is_arithmetic_v<T>) {
    v = static_cast<T>(std::sin(1.0 + 0.7 * double(k++)));
  } else if constexpr (is_tuple<T>::value) {
    std::apply([&](auto &...e) { (detail::fill_pattern(e, k), ...); }, v);
  } else if constexpr (has_slots<T>::value) { // objects: their listed fields
    for (double *p : detail::slots(v))
      *p = std::sin(1.0 + 0.7 * double(k++));
  } else {
    for (auto &e : v)
      detail::fill_pattern(e, k);
  }
}

template <auto F> constexpr bool forward_eligible() {
  using fn = function<F>;
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return (!param<std::tuple_element_t<I, typename fn::params>>::pointer &&
            ...);
  }(std::make_index_sequence<fn::arity>{});
}

template <auto F, tangent::options O, class... X>
void check_forward(const std::string &name, const tangent::gradient<F, O> &df,
                   const X &...args) {
  if constexpr (forward_eligible<F>() && !self_test) {
    detail::run(name + " [jvp]", [&] {
      // Copies of the arguments: a function may write its objects.
      std::tuple<X...> at(args...), own(args...);
      auto g = std::apply([&](auto &...a) { return df(a...); }, at);
      auto v = g;
      std::size_t k = 0;
      detail::fill_pattern(v, k);
      const auto gs = tangent_test::flatten(g), vs = tangent_test::flatten(v);
      double expected = 0, scale = 0;
      for (std::size_t i = 0; i < gs.size(); ++i) {
        expected += gs[i] * vs[i];
        scale += std::fabs(gs[i] * vs[i]);
      }
      auto jv = tangent::jvp<F, O>();
      double got = 0, value = 0;
      auto take = [&](const auto &pair) {
        value = double(pair.first);
        got = double(pair.second);
      };
      if constexpr (is_tuple<decltype(v)>::value)
        std::apply(
            [&](const auto &...t) {
              std::apply(
                  [&](auto &...a) { take(jv.value_and_jvp(a..., t...)); }, own);
            },
            v);
      else
        std::apply([&](auto &...a) { take(jv.value_and_jvp(a..., v)); }, own);
      const double rel = forward_rel<F> > 0              ? forward_rel<F>
                         : function<F>::single_precision ? 1e-5
                                                         : 1e-12;
      using fn = function<F>;
      return detail::join(
          detail::compare({got}, {expected}, {rel * scale + 1e-300, 0}, false,
                          "directional derivative"),
          detail::differs({value}, {double(fn::call(fn::make(args...)))},
                          {0, 0}, true, "value"));
    });
  }
}

/// A tangent argument for parameter type P from the flat values `v`: a
/// scalar, a container of P's type, or for a raw pointer a std::vector
/// (tangent::jvp sizes a pointer's tangent by it).
template <class P> auto tangent_of(const std::vector<double> &v) {
  using B = std::remove_cvref_t<P>;
  if constexpr (param<P>::scalar) {
    return static_cast<B>(v[0]);
  } else if constexpr (param<P>::pointer) {
    return std::vector<typename param<P>::element>(v.begin(), v.end());
  } else {
    B out{};
    if constexpr (tangent::detail::is_std_vector<B>::value)
      out.resize(v.size());
    for (std::size_t k = 0; k < v.size(); ++k)
      out[k] = static_cast<typename param<P>::element>(v[k]);
    return out;
  }
}

/// Whether check_pullback's function can be checked in forward mode with
/// sized arguments: a floating-point result, and every selected parameter
/// a scalar, a container of numbers or a raw pointer.
template <auto F, std::uint64_t Wrt> constexpr bool pointer_forward_eligible() {
  using fn = function<F>;
  if constexpr (!std::is_floating_point_v<typename fn::result>) {
    return false;
  } else {
    constexpr auto selected = fn::selected(Wrt, true);
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return ((!selected[I] ||
               !param<std::tuple_element_t<I, typename fn::params>>::object) &&
              ...);
    }(std::make_index_sequence<fn::arity>{});
  }
}

/// check_pullback's forward-mode check: `tangent::jvp<f, O>()` called with
/// a std::span for each raw pointer argument and for its tangent must
/// equal the finite-difference gradient dotted with the tangents (the
/// pattern of fill_pattern), and its value a plain call of f.
template <auto F, tangent::options O, class... X>
void check_forward_pullback(const std::string &name, const X &...args) {
  using fn = function<F>;
  if constexpr (pointer_forward_eligible<F, O.wrt>() && !self_test) {
    detail::run(name + " [jvp, spans]", [&] {
      const auto before = fn::make(args...);
      const auto g = fn::fd(before, O.wrt, true, scheme::reference);
      auto v = g;
      std::size_t k = 0;
      detail::fill_pattern(v, k);
      double expected = 0, scale = 0;
      for (std::size_t i = 0; i < g.size(); ++i)
        for (std::size_t j = 0; j < g[i].size(); ++j) {
          expected += g[i][j] * v[i][j];
          scale += std::fabs(g[i][j] * v[i][j]);
        }
      auto s = before;
      constexpr auto selected = fn::selected(O.wrt, true);
      // Positions of the selected parameters among the tangents.
      constexpr auto slot = [&] {
        std::array<std::size_t, fn::arity> at{};
        std::size_t n = 0;
        for (std::size_t i = 0; i < fn::arity; ++i)
          at[i] = selected[i] ? n++ : fn::arity;
        return at;
      }();
      constexpr std::size_t count = [&] {
        std::size_t n = 0;
        for (bool b : selected)
          n += b;
        return n;
      }();
      constexpr auto index = [&] {
        std::array<std::size_t, count> at{};
        for (std::size_t i = 0, n = 0; i < fn::arity; ++i)
          if (selected[i])
            at[n++] = i;
        return at;
      }();
      (void)slot;
      auto arg = [&]<std::size_t I>(
                     std::integral_constant<std::size_t, I>) -> decltype(auto) {
        using P = std::tuple_element_t<I, typename fn::params>;
        if constexpr (param<P>::pointer)
          return std::span<typename param<P>::element>(std::get<I>(s));
        else
          return (std::get<I>(s));
      };
      auto jv = tangent::jvp<F, O>();
      const auto [value, got] =
          [&]<std::size_t... P, std::size_t... T>(std::index_sequence<P...>,
                                                  std::index_sequence<T...>) {
            return jv.value_and_jvp(
                arg(std::integral_constant<std::size_t, P>{})...,
                tangent_of<std::tuple_element_t<index[T], typename fn::params>>(
                    v[T])...);
          }(std::make_index_sequence<fn::arity>{},
            std::make_index_sequence<count>{});
      const double rel = forward_rel<F> > 0              ? forward_rel<F>
                         : function<F>::single_precision ? 1e-3
                                                         : 1e-6;
      return detail::join(
          detail::compare({double(got)}, {expected}, {rel * scale + 1e-9, 0},
                          false, "directional derivative"),
          detail::differs({double(value)}, {double(fn::call(before))}, {0, 0},
                          true, "value"));
    });
  }
}

} // namespace detail
} // namespace tangent_test

#endif // TANGENT_E2E_CHECK_FORWARD_HPP
