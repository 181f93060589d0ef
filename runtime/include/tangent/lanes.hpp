//===- tangent/lanes.hpp - several tangents in one value ------------------===//
///
/// \file
/// The scalar of the vector forward mode: `lanes<T, W>` holds W tangents
/// of one value, one per direction, and the generated `<f>_jvp_lanes<W>`
/// computes them all in one sweep over f (tangent::jacobian takes its
/// columns W at a time). A tangent-linear function only adds tangents,
/// scales them by values and negates them, so that is all lanes do; lane j
/// performs exactly the operations the scalar forward mode performs for
/// direction j, hence the same bits (on targets that do not fuse a multiply
/// and an add across the operators below; x86-64 without -mfma does not).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_LANES_HPP
#define TANGENT_LANES_HPP

namespace tangent {

template <class T, int W> struct lanes {
  static_assert(W > 0, "tangent::lanes: at least one lane");
  T v[W] = {};

  constexpr lanes() = default;
  /// Every lane `s`: generated code writes `t = 0` for a zero tangent.
  constexpr lanes(T s) { // NOLINT(google-explicit-constructor)
    for (int j = 0; j < W; ++j)
      v[j] = s;
  }

  constexpr T &operator[](int j) { return v[j]; }
  constexpr const T &operator[](int j) const { return v[j]; }

  constexpr lanes &operator+=(const lanes &b) {
    for (int j = 0; j < W; ++j)
      v[j] += b.v[j];
    return *this;
  }
  constexpr lanes &operator-=(const lanes &b) {
    for (int j = 0; j < W; ++j)
      v[j] -= b.v[j];
    return *this;
  }
  constexpr lanes &operator*=(T s) {
    for (int j = 0; j < W; ++j)
      v[j] *= s;
    return *this;
  }
  constexpr lanes &operator/=(T s) {
    for (int j = 0; j < W; ++j)
      v[j] /= s;
    return *this;
  }

  friend constexpr lanes operator+(lanes a, const lanes &b) { return a += b; }
  friend constexpr lanes operator-(lanes a, const lanes &b) { return a -= b; }
  friend constexpr lanes operator+(const lanes &a) { return a; }
  friend constexpr lanes operator-(lanes a) {
    for (int j = 0; j < W; ++j)
      a.v[j] = -a.v[j];
    return a;
  }
  friend constexpr lanes operator*(lanes a, T s) { return a *= s; }
  friend constexpr lanes operator*(T s, lanes a) {
    for (int j = 0; j < W; ++j)
      a.v[j] = s * a.v[j];
    return a;
  }
  friend constexpr lanes operator/(lanes a, T s) { return a /= s; }
  friend constexpr bool operator==(const lanes &a, const lanes &b) {
    for (int j = 0; j < W; ++j)
      if (!(a.v[j] == b.v[j]))
        return false;
    return true;
  }
};

} // namespace tangent

#endif // TANGENT_LANES_HPP
