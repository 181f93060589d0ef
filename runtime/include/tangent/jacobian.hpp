//===- tangent/jacobian.hpp - jacobian<f> ---------------------------------===//
///
/// \file
/// `jacobian<f, O>()` returns a `jacobian_matrix<f, O>`, whose rows come
/// from the reverse mode: for a void f the vector reverse mode's
/// `adjoint<&f, O>::pullback_lanes<W>` (several rows per reverse sweep)
/// where the generator bound it, else one reverse sweep per output (vjp,
/// or a void f's pullback); and whose columns from the forward mode: the
/// vector forward mode's `tangent_linear<&f, O>::jvp_lanes<W>` (lanes.hpp),
/// W columns per sweep, where the generator bound it, else one jvp per
/// column. Included by forward.hpp, whose classes it uses.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_JACOBIAN_HPP
#define TANGENT_JACOBIAN_HPP

#include "tangent/detail/jacobian_parts.hpp"
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

/// The object returned by `jacobian<f>()`: `J(args...)` is a std::vector
/// with one row per output of f; row i is shaped as grad<f> shapes a
/// gradient and holds the gradient of output i. The outputs are f's result
/// (a std::vector or std::array), or, for a void f, the elements of its
/// selected non-const pointer parameters in order (sized arguments: a
/// std::span...; each sweep starts from their values at the call, and the
/// call leaves in them what f writes), whose inputs are its other selected
/// parameters (what an output holds at the call is not an input: take the
/// old state through a const pointer, `step(const double *u, double
/// *next)`, for a state's Jacobian). The sweeps follow the shape (fewer
/// outputs than input scalars: rows by reverse sweeps, else columns).
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
  /// Columns per forward sweep in the vector forward mode (dense_lanes).
  static constexpr int lane_width = 16, wide_lane_width = 32;
  /// Whether the generator bound the vector forward mode for f (a plain
  /// signature: see docs/forward-mode.md).
  static constexpr bool has_lanes =
      requires { &tangent_linear<F, O>::template jvp_lanes<lane_width>; };
  /// Rows per reverse sweep in the vector reverse mode: 2 for a void f of
  /// at most two output scalars, else 8.
  static constexpr int reverse_width_small = 2, reverse_width = 8;
  /// Whether the generator bound the vector reverse mode for f (a void f
  /// whose selected parameters are doubles, pointers to double and vectors
  /// of double: see docs/forward-mode.md); then a Jacobian with at most
  /// half as many outputs as inputs takes its rows from it.
  static constexpr bool has_reverse_lanes =
      detail::binds_reverse_lanes<void_f, F, O, reverse_width>::value;

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
      const std::size_t m = output_scalars(all);
      const row_type zero =
          shape::inputs(shape::zeros(all), typename shape::input_seq{});
      const std::size_t inputs =
          input_scalars(all, typename shape::input_seq{});
      if constexpr (has_reverse_lanes)
        if (reverse_first(m, inputs)) { // f's outputs: as f leaves them
          std::vector<double> dense;
          dense_reverse(dense, all, m, inputs);
          rows_of(dense, m, inputs, zero, rows, typename shape::input_seq{});
          return rows;
        }
      if constexpr (has_lanes)
        if (lanes_first(m, inputs)) { // f's outputs: as its last sweep leaves
          std::vector<double> dense;
          dense_lanes(dense, all, m, inputs, static_cast<R *>(nullptr),
                      typename shape::input_seq{});
          rows_of(dense, m, inputs, zero, rows, typename shape::input_seq{});
          return rows;
        }
      // With both vector modes every shape took one of them: the scalar
      // sweeps are not even instantiated.
      if constexpr (!(has_reverse_lanes && has_lanes)) {
        typename shape::template outputs_state<decltype(all)> out(all);
        if (m < inputs)
          output_rows(all, out, rows, typename shape::output_seq{});
        else
          void_columns(all, out, m, zero, rows, typename shape::input_seq{});
        out.restore(); // what f leaves
        shape::primal(all);
      }
      return rows;
    } else {
      const std::size_t inputs = input_scalars(all, typename shape::seq{});
      const R value = shape::primal(all);
      if constexpr (has_lanes)
        if (lanes_first(value.size(), inputs)) {
          std::vector<double> dense;
          dense_lanes(dense, all, value.size(), inputs, &value,
                      typename shape::seq{});
          rows_of(dense, value.size(), inputs, shape::shaped(shape::zeros(all)),
                  rows, typename shape::seq{});
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

  /// The Jacobian as one dense row-major matrix in `J` (resized to m x n,
  /// its storage reused): `J[i * n + c]` is the derivative of output i in
  /// input scalar c, the inputs' scalars in order (a void f's inputs, else
  /// every selected parameter's), the outputs as the rows of operator().
  /// Where the vector forward mode is chosen, its sweeps work in
  /// thread-local scratch: no allocation once warm (for a void f, or one
  /// returning a std::array), and a void f's outputs are left as its last
  /// sweep, which evaluates f, leaves them. So do the vector reverse mode's
  /// sweeps, after which f runs once more for its outputs (a reverse sweep
  /// gives back what f overwrote).
  template <class... A>
  void dense_into(std::vector<double> &J, A &&...args) const {
    static_assert(sizeof...(A) == shape::sig::arity,
                  "tangent::jacobian<f>: wrong number of arguments");
    auto all = std::forward_as_tuple(args...);
    if constexpr (has_reverse_lanes) {
      const std::size_t n = input_scalars(all, typename shape::input_seq{});
      const std::size_t m = output_scalars(all);
      if (reverse_first(m, n))
        return dense_reverse(J, all, m, n);
    }
    if constexpr (has_lanes) {
      using seq = std::conditional_t<void_f, typename shape::input_seq,
                                     typename shape::seq>;
      const std::size_t n = input_scalars(all, seq{});
      if constexpr (void_f) {
        const std::size_t m = output_scalars(all);
        if (lanes_first(m, n))
          return dense_lanes(J, all, m, n, static_cast<R *>(nullptr), seq{});
      } else if constexpr (detail::is_std_vector<R>::value) {
        R value = shape::primal(all);
        if (lanes_first(value.size(), n))
          return dense_lanes(J, all, value.size(), n, &value, seq{});
      } else {
        if (lanes_first(std::tuple_size_v<R>, n))
          return dense_lanes(J, all, std::tuple_size_v<R>, n,
                             static_cast<R *>(nullptr), seq{});
      }
    }
    std::vector<row_type> rows = (*this)(args...);
    J.clear();
    auto append = [&J](auto &part) {
      for (std::size_t k = 0; k < detail::scalar_count(part); ++k)
        J.push_back(detail::scalar_at(part, k));
    };
    for (row_type &row : rows) {
      if constexpr (shape::count == 1 || (void_f && shape::input_count == 1))
        append(row);
      else
        std::apply([&](auto &...part) { (append(part), ...); }, row);
    }
  }
  /// dense_into into a new matrix.
  template <class... A> std::vector<double> dense(A &&...args) const {
    std::vector<double> J;
    dense_into(J, std::forward<A>(args)...);
    return J;
  }

private:
  /// The vector forward mode's tangents, one laned value per selected
  /// parameter.
  template <int W, class G>
  using laned_t = decltype(detail::laned_like<W>(std::declval<const G &>()));
  template <int W, class S> struct laned_tuple;
  template <int W, std::size_t... I>
  struct laned_tuple<W, std::index_sequence<I...>> {
    using type = std::tuple<laned_t<W, typename shape::template grad_t<I>>...>;
  };
  /// Sizes thread-local lanes `t` (one laned value per selected parameter)
  /// for the arguments `all`, every lane zero.
  template <class T, class Args> static void size_lanes(T &t, const Args &all) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (
          [&](auto &l, std::size_t size) {
            if constexpr (requires { l.resize(size); })
              l.resize(size);
            detail::clear_lanes(l);
          }(std::get<I>(t), scalars_of<I>(all)),
          ...);
    }(typename shape::seq{});
  }
  /// The selected parameters (their positions among them) that are a void
  /// f's outputs, and its inputs.
  template <std::size_t... Q>
  static constexpr auto output_params(std::index_sequence<Q...>) {
    return std::index_sequence<shape::output_index[Q]...>{};
  }
  template <std::size_t... J>
  static constexpr auto input_params(std::index_sequence<J...>) {
    return std::index_sequence<shape::input_index[J]...>{};
  }
  /// Calls `fn(l, i)` with the lanes `l` of every scalar of the selected
  /// parameters `I...` in laned values `t`, `i` counting those scalars in
  /// order.
  template <class T, class Args, class Fn, std::size_t... I>
  static void each_scalar(T &t, const Args &all, std::index_sequence<I...>,
                          const Fn &fn) {
    std::size_t i = 0;
    (
        [&] {
          auto &v = std::get<I>(t);
          for (std::size_t e = 0; e < scalars_of<I>(all); ++e, ++i)
            fn(detail::lanes_at(v, e), i);
        }(),
        ...);
  }
  /// Selected parameter I's scalars in argument `all` (a sized argument's
  /// size; 1 for a scalar).
  template <std::size_t I, class Args>
  static std::size_t scalars_of(const Args &all) {
    using G = typename shape::template grad_t<I>;
    if constexpr (std::is_floating_point_v<G>) {
      (void)all;
      return 1;
    } else {
      const auto &a = std::get<shape::index[I]>(all);
      // The message grad's and jacobian's shapes give (docs/api.md).
      static_assert(detail::sized<decltype(a)>,
                    "tangent: a raw pointer parameter has no size: pass a "
                    "std::span (or a std::vector, std::array or C array) for "
                    "it, leave it out with options{.wrt = ...}, or use the "
                    "low-level form (pullback, pushforward)");
      if constexpr (detail::sized<decltype(a)>)
        return std::size(a);
      else
        return 0;
    }
  }
  template <class Args, std::size_t... J>
  static std::size_t input_scalars(const Args &all, std::index_sequence<J...>) {
    if constexpr (void_f)
      return (std::size_t{0} + ... + scalars_of<shape::input_index[J]>(all));
    else
      return (std::size_t{0} + ... + scalars_of<J>(all));
  }
  template <class Args> static std::size_t output_scalars(const Args &all) {
    return [&]<std::size_t... Q>(std::index_sequence<Q...>) {
      return (std::size_t{0} + ... + scalars_of<shape::output_index[Q]>(all));
    }(typename shape::output_seq{});
  }

  /// dense_into by the vector forward mode: ceil(n / W) sweeps on
  /// thread-local lanes, W = lane_width, or one of wide_lane_width for
  /// lane_width < n <= wide_lane_width (each sweep computes f's values
  /// again); a void f's outputs are put back before each sweep after the
  /// first. `value` is a std::vector R's result (its size m).
  template <class Args, class Seq>
  static void dense_lanes(std::vector<double> &Jm, Args &all, std::size_t m,
                          std::size_t n, const R *value, Seq seq) {
    if (n > std::size_t(lane_width) && n <= std::size_t(wide_lane_width))
      return dense_lanes_of<wide_lane_width>(Jm, all, m, n, value, seq);
    dense_lanes_of<lane_width>(Jm, all, m, n, value, seq);
  }
  template <int W, class Args, std::size_t... J>
  static void dense_lanes_of(std::vector<double> &Jm, Args &all, std::size_t m,
                             std::size_t n, [[maybe_unused]] const R *value,
                             std::index_sequence<J...>) {
    // The selected parameters that are inputs.
    using inputs =
        std::conditional_t<void_f,
                           decltype(input_params(typename shape::input_seq{})),
                           std::index_sequence<J...>>;
    using lanes_tuple = typename laned_tuple<W, typename shape::seq>::type;
    static thread_local lanes_tuple t;
    size_lanes(t, all);
    // A vector-valued f's result tangent.
    [[maybe_unused]] auto &result = [&]() -> auto & {
      if constexpr (void_f) {
        static thread_local int none = 0;
        return none;
      } else if constexpr (detail::is_std_vector<R>::value) {
        static thread_local std::vector<lanes<typename R::value_type, W>> r;
        r.resize(m);
        return r;
      } else {
        static thread_local decltype(detail::laned_like<W>(R{})) r;
        return r;
      }
    }();
    // A void f's outputs as at the call, for the sweeps after the first.
    static thread_local std::vector<double> saved;
    const bool restore = void_f && n > std::size_t(W);
    if (restore)
      for_outputs(all, [&](double *p, std::size_t size) {
        saved.insert(saved.end(), p, p + size);
      });
    Jm.assign(m * n, 0.0);
    // Seeds input scalars base.. in lanes 0.. with `s`.
    auto seed = [&](std::size_t base, int used, double s) {
      each_scalar(t, all, inputs{}, [&](auto &l, std::size_t g) {
        if (g >= base && g < base + std::size_t(used))
          l[int(g - base)] = s;
      });
    };
    for (std::size_t base = 0; base < n; base += W) {
      const int used = int(std::min<std::size_t>(W, n - base));
      seed(base, used, 1.0);
      if constexpr (void_f) {
        if (restore && base > 0) {
          std::size_t o = 0;
          for_outputs(all, [&](double *p, std::size_t size) {
            std::copy(saved.begin() + std::ptrdiff_t(o),
                      saved.begin() + std::ptrdiff_t(o + size), p);
            o += size;
          });
        }
        [&]<std::size_t... Q>(std::index_sequence<Q...>) {
          (detail::clear_lanes(std::get<shape::output_index[Q]>(t)), ...);
        }(typename shape::output_seq{});
        lanes_call<W>(all, t, static_cast<int *>(nullptr));
        detail::with_used_lanes<W>(used, [&](auto count) {
          each_scalar(t, all, output_params(typename shape::output_seq{}),
                      [&](const auto &col, std::size_t i) {
                        detail::store_lanes(Jm.data() + i * n + base, col,
                                            count, 1);
                      });
        });
      } else {
        detail::clear_lanes(result);
        lanes_call<W>(all, t, &result);
        detail::with_used_lanes<W>(used, [&](auto count) {
          for (std::size_t i = 0; i < m; ++i)
            detail::store_lanes(Jm.data() + i * n + base, result[i], count, 1);
        });
      }
      seed(base, used, 0.0);
    }
    saved.clear();
  }
  /// Calls `fn(data, size)` for each of a void f's outputs.
  template <class Args, class Fn>
  static void for_outputs(Args &all, const Fn &fn) {
    [&]<std::size_t... Q>(std::index_sequence<Q...>) {
      (fn(std::data(std::get<shape::index[shape::output_index[Q]]>(all)),
          scalars_of<shape::output_index[Q]>(all)),
       ...);
    }(typename shape::output_seq{});
  }

  /// The vector reverse mode (when bound) for at most half as many outputs
  /// as inputs; every other shape takes the vector forward mode.
  static bool reverse_first(std::size_t outputs, std::size_t inputs) {
    return 2 * outputs <= inputs;
  }

  /// dense_into by the vector reverse mode: the rows of a void f, W per
  /// reverse sweep on thread-local lanes (W by the number of outputs).
  /// Each sweep gives f's outputs back as they were at the call (a
  /// pullback restores what f overwrote: docs/api.md), so the next starts
  /// from them, and f runs once after the last, for its outputs.
  template <class Args>
  static void dense_reverse(std::vector<double> &Jm, Args &all, std::size_t m,
                            std::size_t n) {
    if (m <= std::size_t(reverse_width_small))
      dense_reverse_in<reverse_width_small>(Jm, all, m, n);
    else
      dense_reverse_in<reverse_width>(Jm, all, m, n);
  }
  template <int W, class Args>
  static void dense_reverse_in(std::vector<double> &Jm, Args &all,
                               std::size_t m, std::size_t n) {
    using lanes_tuple = typename laned_tuple<W, typename shape::seq>::type;
    static thread_local lanes_tuple a;
    Jm.assign(m * n, 0.0);
    for (std::size_t base = 0; base < m; base += W) {
      const int used = int(std::min<std::size_t>(W, m - base));
      size_lanes(a, all);
      // Lane l seeds output scalar base + l; row base + l is what the
      // inputs' adjoints get in lane l.
      each_scalar(a, all, output_params(typename shape::output_seq{}),
                  [&](auto &d, std::size_t i) {
                    if (i >= base && i < base + std::size_t(used))
                      d[int(i - base)] = 1.0;
                  });
      [&]<std::size_t... P, std::size_t... I>(std::index_sequence<P...>,
                                              std::index_sequence<I...>) {
        adjoint<F, O>::template pullback_lanes<W>(
            detail::argument_for<typename shape::template arg_t<P>>(
                std::get<P>(all))...,
            detail::lanes_adjoint<typename shape::template param_t<I>>(
                std::get<I>(a))...);
      }(typename shape::arity_seq{}, typename shape::seq{});
      double *rows = Jm.data() + base * n;
      detail::with_used_lanes<W>(used, [&](auto count) {
        each_scalar(a, all, input_params(typename shape::input_seq{}),
                    [&](const auto &d, std::size_t c) {
                      detail::store_lanes(rows + c, d, count, n);
                    });
      });
    }
    shape::primal(all);
  }

  /// The vector forward mode when it is bound and takes no more sweeps
  /// than the reverse mode's one per output.
  static bool lanes_first(std::size_t outputs, std::size_t inputs) {
    return outputs >= inputs ||
           (inputs + lane_width - 1) / lane_width <= outputs;
  }

  /// The rows (as operator() shapes them) of dense matrix `J` (m x n),
  /// whose columns are inputs `J...`' scalars in order.
  template <std::size_t... J>
  static void rows_of(const std::vector<double> &Jm, std::size_t m,
                      std::size_t n, const row_type &zero,
                      std::vector<row_type> &rows, std::index_sequence<J...>) {
    constexpr std::size_t inputs_n = sizeof...(J);
    rows.assign(m, zero);
    for (std::size_t i = 0; i < m; ++i) {
      const double *from = Jm.data() + i * n;
      if constexpr (inputs_n == 1) {
        for (std::size_t k = 0; k < detail::scalar_count(rows[i]); ++k)
          detail::scalar_at(rows[i], k) = *from++;
      } else {
        (([&](auto &part) {
           for (std::size_t k = 0; k < detail::scalar_count(part); ++k)
             detail::scalar_at(part, k) = *from++;
         }(std::get<J>(rows[i]))),
         ...);
      }
    }
  }

  /// One sweep of the vector forward mode on tangents `t` (one laned value
  /// per selected parameter): a void f's outputs' tangents are written
  /// into `t`, a vector-valued f's into `result` (m lanes).
  template <int W, class Args, class T, class Result>
  static void lanes_call(Args &all, T &t, Result *result) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      if constexpr (void_f)
        directional<F, O>::template lanes_sweep<W>(
            all, detail::tangent_for<typename shape::template param_t<I>>(
                     std::get<I>(t))...);
      else
        directional<F, O>::template lanes_sweep<W>(
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
