//===- tangent/support.hpp - small helpers called by generated code -------===//
///
/// \file
/// Helpers that generated adjoints call for whole containers. They are part
/// of the runtime so that generated code stays short and readable.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SUPPORT_HPP
#define TANGENT_SUPPORT_HPP

#include "tangent/detail/polygamma.hpp"
#include "tangent/detail/tape_values.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <vector>

namespace tangent::detail {

/// Sets an adjoint container to zeros of the given size.
template <class T, class A>
inline void zero(std::vector<T, A> &v, std::size_t size) {
  v.assign(size, T(0));
}
template <class T, std::size_t N> inline void zero(std::array<T, N> &a) {
  a.fill(T(0));
}
template <class T, std::size_t N> inline void zero(T (&a)[N]) {
  for (T &x : a)
    x = T(0);
}

/// The elements of a C array field (`double v[3]`, `double m[3][3]`),
/// row-major, into the std::array generated code holds them in, and back.
template <class T, std::size_t M, class A>
inline void from_c_array(std::array<T, M> &to, const A &from) {
  static_assert(sizeof(A) == sizeof(to), "a C array of M elements");
  std::size_t k = 0;
  auto each = [&](auto &self, const auto &x) -> void {
    if constexpr (std::is_array_v<std::remove_cvref_t<decltype(x)>>)
      for (const auto &e : x)
        self(self, e);
    else
      to[k++] = x;
  };
  each(each, from);
}
template <class A, class T, std::size_t M>
inline void to_c_array(A &to, const std::array<T, M> &from) {
  static_assert(sizeof(A) == sizeof(from), "a C array of M elements");
  std::size_t k = 0;
  auto each = [&](auto &self, auto &x) -> void {
    if constexpr (std::is_array_v<std::remove_cvref_t<decltype(x)>>)
      for (auto &e : x)
        self(self, e);
    else
      x = from[k++];
  };
  each(each, to);
}

/// dst[i] += src[i] for every element (sizes must match; a vector of
/// vectors row by row).
template <class C> inline void accumulate(C &dst, const C &src) {
  for (std::size_t i = 0; i < src.size(); ++i) {
    if constexpr (requires { src[i].size(); })
      accumulate(dst[i], src[i]);
    else
      dst[i] += src[i];
  }
}

/// An adjoint of the shape of `like`, all zeros: a vector of vectors gets
/// rows of the sizes of `like`'s rows.
template <class T, class A, class U, class B>
inline void zero_like(std::vector<T, A> &v, const std::vector<U, B> &like) {
  v.resize(like.size());
  for (std::size_t i = 0; i < like.size(); ++i) {
    if constexpr (requires { like[i].size(); })
      zero_like(v[i], like[i]);
    else
      v[i] = T(0);
  }
}

/// The row sizes of a vector of vectors (recorded when its adjoint must be
/// resized later without the vector's value).
template <class Tape, class T, class A>
inline void push_shape(Tape &tape, const std::vector<std::vector<T, A>> &v) {
  for (const auto &row : v)
    tape.push(row.size());
  tape.push(v.size());
}
/// Gives `adjoint` the shape push_shape recorded, all zeros.
template <class Tape, class T, class A>
inline void pop_shape(Tape &tape, std::vector<std::vector<T, A>> &adjoint) {
  const std::size_t n = tape.template pop<std::size_t>();
  adjoint.resize(n);
  for (std::size_t i = n; i-- > 0;)
    adjoint[i].assign(tape.template pop<std::size_t>(), T(0));
}

/// row += every row of `rows` (adjoint of a vector of vectors filled with
/// one row).
template <class R, class C>
inline void accumulate_rows(R &row, const C &rows, std::size_t from = 0) {
  for (std::size_t i = from; i < rows.size(); ++i)
    accumulate(row, rows[i]);
}

/// The sum of the elements (adjoint of a fill value).
template <class C> inline auto sum(const C &c) {
  typename C::value_type s(0);
  for (const auto &x : c)
    s += x;
  return s;
}

/// Adds a local adjoint into the caller's adjoint.
template <class T> inline void add_to(T &dst, const T &src) {
  if constexpr (requires { src.size(); })
    accumulate(dst, src);
  else
    dst += src;
}
template <class T> inline void add_to(T *dst, const T *src) = delete;

/// Whether C strings `a` and `b` are equal (std::string_view's ==,
/// without <string_view>).
constexpr bool same_text(const char *a, const char *b) noexcept {
  for (; *a != '\0' && *a == *b; ++a, ++b) {
  }
  return *a == *b;
}

/// Trip count of `for (i = start; i CMP bound; i += step)`.
template <class S, class B>
constexpr long long trip_count(S start, B bound, long long step,
                               const char *cmp) {
  static_assert(!std::is_floating_point_v<S> && !std::is_floating_point_v<B>,
                "a counted loop's start and bound are integers");
  long long a = static_cast<long long>(start);
  long long b = static_cast<long long>(bound);
  if (same_text(cmp, "<"))
    return b > a ? (b - a + step - 1) / step : 0;
  if (same_text(cmp, "<="))
    return b >= a ? (b - a) / step + 1 : 0;
  if (same_text(cmp, ">"))
    return a > b ? (a - b + (-step) - 1) / (-step) : 0;
  if (same_text(cmp, ">="))
    return a >= b ? (a - b) / (-step) + 1 : 0;
  return step > 0 ? (b > a ? (b - a) / step : 0)
                  : (a > b ? (a - b) / -step : 0);
}

/// Records elements [begin, end) of a container in one call (a loop that
/// overwrites each element once saves them all before it starts).
template <class Tape, class C, class B, class E>
inline void push_range(Tape &tape, const C &c, B begin, E end) {
  const long long b = static_cast<long long>(begin);
  const long long e = static_cast<long long>(end);
  if (e > b)
    tape.push_array(std::data(c) + b, static_cast<std::size_t>(e - b));
}
/// Restores what push_range recorded.
template <class Tape, class C, class B, class E>
inline void pop_range(Tape &tape, C &c, B begin, E end) {
  const long long b = static_cast<long long>(begin);
  const long long e = static_cast<long long>(end);
  if (e > b)
    tape.pop_array(std::data(c) + b, static_cast<std::size_t>(e - b));
}

/// Before a counted loop `for (i = begin; i < end; ++i)` that records
/// `per` values of type T in each iteration: room on the tape for all of
/// them as one block (see tape::push_block), filled by record_at().
template <class T, class Tape, class B, class E>
inline std::byte *push_block(Tape &tape, B begin, E end, std::size_t per) {
  const long long b = static_cast<long long>(begin);
  const long long e = static_cast<long long>(end);
  return tape.template push_block<T>(
      e > b ? static_cast<std::size_t>(e - b) * per : 0);
}
/// Before the reverse of that loop: the block push_block made.
template <class T, class Tape, class B, class E>
inline const std::byte *pop_block(Tape &tape, B begin, E end, std::size_t per) {
  const long long b = static_cast<long long>(begin);
  const long long e = static_cast<long long>(end);
  return tape.template pop_block<T>(
      e > b ? static_cast<std::size_t>(e - b) * per : 0);
}
/// Stores the k-th value of a block (k = (i - begin) * per + slot).
template <class T>
inline void record_at(std::byte *block, std::size_t k, const T &value) {
  store_value<T>(block + k * sizeof(T), value);
}
/// Loads the k-th value of a block.
template <class T> inline T recorded_at(const std::byte *block, std::size_t k) {
  return load_value<T>(block + k * sizeof(T));
}

/// Before `v.resize(n)` whose reverse restores `v`: records the elements a
/// shrink drops, then the old size.
template <class Tape, class T, class A, class N>
inline void record_resize(Tape &tape, const std::vector<T, A> &v, N n) {
  for (std::size_t i = static_cast<std::size_t>(n); i < v.size(); ++i) {
    if constexpr (requires { v[i].size(); })
      tape.push_vector(v[i]); // a row of a vector of vectors
    else
      tape.push(static_cast<T>(v[i])); // element by element: vector<bool>
  }
  tape.push(v.size());
}
/// Undoes that resize: `v` gets its old size and elements back. Returns the
/// old size.
template <class Tape, class T, class A>
inline std::size_t undo_resize(Tape &tape, std::vector<T, A> &v) {
  const std::size_t old = tape.template pop<std::size_t>();
  const std::size_t now = v.size();
  v.resize(old);
  for (std::size_t i = old; i > now; --i) {
    if constexpr (requires { v[i - 1].size(); })
      tape.pop_vector(v[i - 1]);
    else
      v[i - 1] = tape.template pop<T>();
  }
  return old;
}

/// Gives the adjoint `d` of vector `v` the size `n` back in the reverse of
/// a size change: new elements are zeros, new rows of a vector of vectors
/// zero rows of the sizes of `v`'s (restored) rows.
template <class D, class V>
inline void resize_adjoint(D &d, const V &v, std::size_t n) {
  const std::size_t now = d.size();
  d.resize(n);
  if constexpr (requires { d[0].size(); })
    for (std::size_t i = now; i < n; ++i)
      zero_like(d[i], v[i]);
}

/// The sum of elements [from, end) (adjoint of resize's fill value).
template <class T, class A>
inline T sum_from(const std::vector<T, A> &v, std::size_t from) {
  T s(0);
  for (std::size_t i = from; i < v.size(); ++i)
    s += v[i];
  return s;
}

/// Segment length of sqrt(n) checkpointing: ceil(sqrt(n)), at least 1.
inline long long segment_length(long long n) {
  long long l = static_cast<long long>(std::sqrt(static_cast<double>(n)));
  while (l * l < n)
    ++l;
  while (l > 1 && (l - 1) * (l - 1) >= n)
    --l;
  return l < 1 ? 1 : l;
}

} // namespace tangent::detail

#endif
