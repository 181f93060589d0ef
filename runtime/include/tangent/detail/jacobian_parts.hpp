//===- tangent/detail/jacobian_parts.hpp - pieces of jacobian<f> ----------===//
///
/// \file
/// What tangent::jacobian_matrix (jacobian.hpp) builds its sweeps from: the
/// laned values of the vector forward and reverse modes, and which reverse
/// sweeps a Jacobian's rows take. Included by jacobian.hpp only.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_DETAIL_JACOBIAN_PARTS_HPP
#define TANGENT_DETAIL_JACOBIAN_PARTS_HPP

#include "tangent/forward.hpp"
#include "tangent/lanes.hpp"

#include <array>
#include <cstddef>
#include <iterator>
#include <tuple>
#include <type_traits>
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
/// Stores lanes 0..used of `l` at `out`, `stride` apart (into a dense
/// Jacobian). `used` is a `std::integral_constant<int, W>` when every lane
/// is used (with_used_lanes): a loop the compiler unrolls (a loop to a
/// run-time bound cost bundle adjustment's 2 x 15 blocks 15%).
template <class L, class Used>
void store_lanes(double *out, const L &l, Used used, std::size_t stride) {
  for (int k = 0; k < int(used); ++k)
    out[std::size_t(k) * stride] = l[k];
}
/// Calls `fn(count)` with `std::integral_constant<int, W>` when `used` is W
/// (every lane), so that loops to the count unroll, else with `used`.
template <int W, class Fn> void with_used_lanes(int used, const Fn &fn) {
  if (used == W)
    fn(std::integral_constant<int, W>{});
  else
    fn(used);
}
/// The adjoint argument of `pullback_lanes` for a parameter of type P
/// held in laned value `l`: a pointer to a scalar's lanes or to a
/// pointer's elements, the vector of lanes itself for a vector.
template <class P, class L> decltype(auto) lanes_adjoint(L &l) {
  if constexpr (param_traits<P>::is_pointer)
    return std::data(l);
  else if constexpr (requires { l.v; })
    return &l;
  else
    return (l);
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
/// Whether the generator bound the vector reverse mode of a void f
/// (`adjoint<&f, O>::pullback_lanes<W>`); never asked of another f, whose
/// rows are not a gradient's.
template <bool Void, auto F, options O, int W> struct binds_reverse_lanes {
  static constexpr bool value = false;
};
template <auto F, options O, int W> struct binds_reverse_lanes<true, F, O, W> {
  static constexpr bool value =
      requires { &adjoint<F, O>::template pullback_lanes<W>; };
};
} // namespace detail

} // namespace tangent

#endif // TANGENT_DETAIL_JACOBIAN_PARTS_HPP
