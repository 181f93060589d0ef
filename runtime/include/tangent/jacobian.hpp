//===- tangent/jacobian.hpp - jacobian<f> ---------------------------------===//
///
/// \file
/// `jacobian<f, O>()` returns a `jacobian_matrix<f, O>`, whose rows come
/// from one reverse sweep per output (vjp, or a void f's pullback) and
/// whose columns from the forward mode: the vector forward mode's
/// `tangent_linear<&f, O>::jvp_lanes<W>` (lanes.hpp), W columns per sweep,
/// where the generator bound it, else one jvp per column. Included by
/// forward.hpp, whose classes it uses.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_JACOBIAN_HPP
#define TANGENT_JACOBIAN_HPP

#include "tangent/forward.hpp"
#include "tangent/lanes.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tangent {

namespace detail {
/// A tangent of the vector forward mode shaped like `g` (a gradient or
/// tangent of one parameter: a scalar, std::vector or std::array), zero.
template <int W, class G> auto laned_like(const G &g) {
  if constexpr (std::is_floating_point_v<G>) {
    return lanes<G, W>{};
  } else if constexpr (is_std_vector<G>::value) {
    return std::vector<lanes<typename G::value_type, W>>(g.size());
  } else {
    return std::array<lanes<typename G::value_type, W>, std::tuple_size_v<G>>{};
  }
}
/// Scalar k of a laned value (the value itself for one scalar's lanes).
template <class L> auto &lanes_at(L &l, std::size_t k) {
  if constexpr (requires { l.v; }) {
    (void)k;
    return l;
  } else {
    return l[k];
  }
}
/// Sets every lane of a laned value to zero.
template <class L> void clear_lanes(L &l) {
  if constexpr (requires { l.v; })
    l = L{};
  else
    for (auto &e : l)
      e = {};
}

/// What a Jacobian's reverse sweeps go through: vector-Jacobian products
/// of a vector-valued f, the pullback of a void f.
template <bool Void, auto F, options O> struct reverse_sweeps {
  using type = cotangent<F, O>;
};
template <auto F, options O> struct reverse_sweeps<true, F, O> {
  using type = gradient<F, O>;
};
} // namespace detail

/// The object returned by `jacobian<f>()`: `J(args...)` is a std::vector
/// with one row per output of f; row i is shaped as grad<f> shapes a
/// gradient and holds the gradient of output i. The outputs are f's result
/// (a std::vector or std::array), or, for a void f, the elements of its
/// selected non-const pointer parameters in order (sized arguments: a
/// std::span...; each sweep starts from their values at the call, and the
/// call leaves in them what f writes), whose inputs are its other selected
/// parameters (what an output holds at the call is not an input: take the
/// old state through a const pointer, `step(const double *u, double
/// *next)`, for a state's Jacobian). The sweeps follow the shape: with
/// fewer outputs m than input scalars n, m reverse sweeps (one
/// vector-Jacobian product per row), else n forward sweeps (one jvp per
/// column).
template <auto F, options O = options{}> class jacobian_matrix {
  using shape = detail::request_shape<F, O>;
  using R = typename shape::R;
  static constexpr bool void_f = std::is_void_v<R>;
  static_assert(!shape::sig::supported || detail::is_real_container<R>() ||
                    (void_f && shape::output_count > 0),
                "tangent::jacobian<f>: f must return a std::vector or "
                "std::array of floating point, or be a void function writing "
                "through a selected non-const pointer parameter (use grad<f> "
                "for a scalar f)");
  // The sweeps: directional<F, O> (columns), and cotangent<F, O> (rows of
  // a vector-valued f) or, for a void f, gradient<F, O>'s pullback. They
  // are members so that the generator sees these requests (it generates
  // for the specializations named when the file ends); only the one that
  // applies is named.
  directional<F, O> jvp_;
  typename detail::reverse_sweeps<void_f, F, O>::type reverse_;

public:
  /// Columns per forward sweep in the vector forward mode.
  static constexpr int lane_width = 16;
  /// Whether the generator bound the vector forward mode for f (a plain
  /// signature: see docs/forward-mode.md); then the columns are computed
  /// lane_width at a time, in ceil(n / lane_width) sweeps.
  static constexpr bool has_lanes =
      requires { &tangent_linear<F, O>::template jvp_lanes<lane_width>; };

  /// A row: the gradient of one output, shaped like grad<f>'s result (for
  /// a void f, over its inputs: the selected parameters that are not
  /// outputs).
  using row_type = std::conditional_t<void_f, typename shape::inputs_type,
                                      typename shape::gradient_type>;

  template <class... A> std::vector<row_type> operator()(A &&...args) const {
    static_assert(sizeof...(A) == shape::sig::arity,
                  "tangent::jacobian<f>: wrong number of arguments");
    auto all = std::forward_as_tuple(args...);
    std::vector<row_type> rows;
    if constexpr (void_f) {
      typename shape::template outputs_state<decltype(all)> out(all);
      const std::size_t m = out.total();
      const row_type zero =
          shape::inputs(shape::zeros(all), typename shape::input_seq{});
      std::size_t inputs = 0;
      if constexpr (shape::input_count == 1)
        inputs = detail::scalar_count(zero);
      else
        std::apply(
            [&](const auto &...s) {
              ((inputs += detail::scalar_count(s)), ...);
            },
            zero);
      if constexpr (has_lanes)
        if (lanes_first(m, inputs)) {
          lane_columns(all, &out, m, zero, rows, typename shape::input_seq{});
          out.restore(); // what f leaves
          shape::primal(all);
          return rows;
        }
      if (m < inputs)
        output_rows(all, out, rows, typename shape::output_seq{});
      else
        void_columns(all, out, m, zero, rows, typename shape::input_seq{});
      out.restore(); // what f leaves
      shape::primal(all);
      return rows;
    } else {
      std::size_t inputs = 0;
      {
        auto seeds = shape::zeros(all);
        std::apply(
            [&](const auto &...s) {
              ((inputs += detail::scalar_count(s)), ...);
            },
            seeds);
      }
      const R value = shape::primal(all);
      if constexpr (has_lanes)
        if (lanes_first(value.size(), inputs)) {
          lane_columns(all, static_cast<const int *>(nullptr), value.size(),
                       shape::shaped(shape::zeros(all)), rows,
                       typename shape::seq{});
          return rows;
        }
      if (value.size() < inputs) { // rows: one reverse sweep each
        R unit = value;
        for (auto &e : unit)
          e = 0;
        for (std::size_t i = 0; i < unit.size(); ++i) {
          unit[i] = 1;
          auto result = shape::zeros(all);
          cotangent<F, O>::into(all, unit, result);
          rows.push_back(shape::shaped(std::move(result)));
          unit[i] = 0;
        }
        return rows;
      }
      columns(all, value.size(), rows);
      return rows;
    }
  }

private:
  /// The vector forward mode when it is bound and takes no more sweeps
  /// than the reverse mode's one per output.
  static bool lanes_first(std::size_t outputs, std::size_t inputs) {
    return outputs >= inputs ||
           (inputs + lane_width - 1) / lane_width <= outputs;
  }

  /// The columns of inputs `J...` (a void f's inputs, or every selected
  /// parameter of a vector-valued f), lane_width per sweep: input scalar g
  /// of a sweep is seeded in lane g - first; output element i's lanes are
  /// the rows' entries. `out` (a void f's outputs) is put back before each
  /// sweep.
  template <class Args, class Out, std::size_t... J>
  void lane_columns(Args &all, const Out *out, std::size_t m,
                    const row_type &zero, std::vector<row_type> &rows,
                    std::index_sequence<J...>) const {
    constexpr int W = lane_width;
    constexpr std::size_t inputs_n = sizeof...(J);
    constexpr std::array<std::size_t, inputs_n> at = [] {
      if constexpr (void_f)
        return std::array<std::size_t, inputs_n>{shape::input_index[J]...};
      else
        return std::array<std::size_t, inputs_n>{J...};
    }();
    rows.assign(m, zero);
    auto z = shape::zeros(all);
    auto t = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return std::tuple{detail::laned_like<W>(std::get<I>(z))...};
    }(typename shape::seq{});
    std::array<std::size_t, inputs_n + 1> first{};
    for (std::size_t j = 0; j < inputs_n; ++j)
      first[j + 1] = first[j] + [&]<std::size_t... I>(std::index_sequence<I...>,
                                                      std::size_t k) {
        std::size_t n = 0;
        ((I == at[k] ? (void)(n = detail::scalar_count(std::get<I>(z)))
                     : void()),
         ...);
        return n;
      }(typename shape::seq{}, j);
    const std::size_t n = first[inputs_n];
    // Input j's scalar k, lane l (the row entry of that column).
    auto seed = [&](std::size_t j, std::size_t k, int l, double s) {
      ((j == J ? (void)(detail::lanes_at(std::get<at[J]>(t), k)[l] = s)
               : void()),
       ...);
    };
    auto entry = [&](row_type &row, std::size_t j, std::size_t k) -> double & {
      double *e = nullptr;
      if constexpr (inputs_n == 1) {
        (void)j;
        e = &detail::scalar_at(row, k);
      } else {
        ((j == J ? (void)(e = &detail::scalar_at(std::get<J>(row), k))
                 : void()),
         ...);
      }
      return *e;
    };
    auto where = [&](std::size_t g, std::size_t &j, std::size_t &k) {
      j = 0;
      while (g >= first[j + 1])
        ++j;
      k = g - first[j];
    };
    // A vector-valued f's result tangent: m outputs' lanes.
    [[maybe_unused]] auto result = [m] {
      if constexpr (void_f)
        return 0;
      else if constexpr (detail::is_std_vector<R>::value)
        return std::vector<lanes<typename R::value_type, W>>(m);
      else
        return detail::laned_like<W>(R{});
    }();
    for (std::size_t base = 0; base < n; base += W) {
      std::apply([](auto &...l) { (detail::clear_lanes(l), ...); }, t);
      const int used = int(std::min<std::size_t>(W, n - base));
      // Lane l's column: input j[l]'s scalar k[l].
      std::array<std::size_t, W> j{}, k{};
      for (int l = 0; l < used; ++l) {
        where(base + std::size_t(l), j[l], k[l]);
        seed(j[l], k[l], l, 1.0);
      }
      if constexpr (void_f) {
        out->restore();
        lanes_call(all, t, static_cast<int *>(nullptr));
        std::size_t i = 0;
        [&]<std::size_t... Q>(std::index_sequence<Q...>) {
          (([&] {
             const auto &col = std::get<shape::output_index[Q]>(t);
             for (std::size_t e = 0; e < col.size(); ++e, ++i)
               for (int l = 0; l < used; ++l)
                 entry(rows[i], j[l], k[l]) = col[e][l];
           }()),
           ...);
        }(typename shape::output_seq{});
      } else {
        detail::clear_lanes(result);
        lanes_call(all, t, &result);
        for (std::size_t i = 0; i < m; ++i)
          for (int l = 0; l < used; ++l)
            entry(rows[i], j[l], k[l]) = result[i][l];
      }
    }
  }

  /// One sweep of the vector forward mode on tangents `t` (one laned value
  /// per selected parameter): a void f's outputs' tangents are written
  /// into `t`, a vector-valued f's into `result` (m lanes).
  template <class Args, class T, class Result>
  static void lanes_call(Args &all, T &t, Result *result) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      if constexpr (void_f)
        directional<F, O>::template lanes_sweep<lane_width>(
            all, detail::tangent_for<typename shape::template param_t<I>>(
                     std::get<I>(t))...);
      else
        directional<F, O>::template lanes_sweep<lane_width>(
            all,
            detail::tangent_for<typename shape::template param_t<I>>(
                std::get<I>(t))...,
            *result);
    }(typename shape::seq{});
  }

  /// A void f's rows: for each element of each output, a pullback seeded
  /// with it; the row is what it gives the inputs.
  template <class Args, class Out, std::size_t... J>
  void output_rows(Args &all, const Out &out, std::vector<row_type> &rows,
                   std::index_sequence<J...>) const {
    (output_rows_of<shape::output_index[J], J>(all, out, rows), ...);
  }
  template <std::size_t I, std::size_t J, class Args, class Out>
  void output_rows_of(Args &all, const Out &out,
                      std::vector<row_type> &rows) const {
    for (std::size_t k = 0; k < out.size[J]; ++k) {
      out.restore();
      auto g = shape::zeros(all);
      std::get<I>(g)[k] = 1;
      [&]<std::size_t... P, std::size_t... Q>(std::index_sequence<P...>,
                                              std::index_sequence<Q...>) {
        reverse_.pullback(
            detail::argument_for<typename shape::template arg_t<P>>(
                std::get<P>(all))...,
            detail::adjoint_for<typename shape::template param_t<Q>>(
                std::get<Q>(g))...,
            1.0);
      }(typename shape::arity_seq{}, typename shape::seq{});
      rows.push_back(shape::inputs(std::move(g), typename shape::input_seq{}));
    }
  }

  /// A void f's columns: a unit tangent per input scalar, the outputs'
  /// tangents starting at zero; `out` put back before each sweep.
  template <class Args, class Out, std::size_t... J>
  void void_columns(Args &all, const Out &out, std::size_t m,
                    const row_type &zero, std::vector<row_type> &rows,
                    std::index_sequence<J...>) const {
    rows.assign(m, zero);
    (void_column<J>(all, out, rows), ...);
  }
  template <std::size_t J, class Args, class Out>
  void void_column(Args &all, const Out &out,
                   std::vector<row_type> &rows) const {
    constexpr std::size_t I = shape::input_index[J];
    auto t = shape::zeros(all);
    for (std::size_t k = 0; k < detail::scalar_count(std::get<I>(t)); ++k) {
      auto tk = t;
      detail::scalar_at(std::get<I>(tk), k) = 1;
      out.restore();
      directional<F, O>::call(all, tk);
      std::size_t i = 0;
      [&]<std::size_t... Q>(std::index_sequence<Q...>) {
        ((put<J>(std::get<shape::output_index[Q]>(tk), k, i, rows)), ...);
      }(typename shape::output_seq{});
    }
  }
  template <std::size_t J, class Col>
  static void put(const Col &col, std::size_t k, std::size_t &i,
                  std::vector<row_type> &rows) {
    for (std::size_t e = 0; e < col.size(); ++e, ++i) {
      if constexpr (shape::input_count == 1)
        detail::scalar_at(rows[i], k) = col[e];
      else
        detail::scalar_at(std::get<J>(rows[i]), k) = col[e];
    }
  }

  /// A vector-valued f's columns: a unit tangent per input scalar.
  template <class Args>
  void columns(Args &all, std::size_t m, std::vector<row_type> &rows) const {
    auto seeds = shape::zeros(all);
    rows.assign(m, shape::shaped(shape::zeros(all)));
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (column<I>(all, seeds, rows), ...);
    }(typename shape::seq{});
  }

  /// Every column of selected parameter I.
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
      auto t = seeds;
      detail::scalar_at(seed, k) = 0;
      const R col = directional<F, O>::call(all, t).second;
      for (std::size_t i = 0; i < col.size(); ++i) {
        if constexpr (shape::count == 1)
          detail::scalar_at(rows[i], k) = col[i];
        else
          detail::scalar_at(std::get<I>(rows[i]), k) = col[i];
      }
    }
  }
};

/// Requests the Jacobian of a vector-valued f.
template <auto F, options O = options{}>
constexpr jacobian_matrix<F, O> jacobian() {
  static_assert(detail::signature<decltype(F)>::supported,
                "tangent::jacobian<f>: f must be a function");
  return {};
}

} // namespace tangent

#endif // TANGENT_JACOBIAN_HPP
