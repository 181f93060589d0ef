//===- tangent/detail/tape_values.hpp - how the tape stores values -*- C++
//-*-===//
///
/// \file
/// The pieces of tangent::tape (tape.hpp) that do not depend on its state:
/// how values are stored into and loaded from its packed bytes, and the
/// entries of its check log.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_DETAIL_TAPE_VALUES_HPP
#define TANGENT_DETAIL_TAPE_VALUES_HPP

#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <typeinfo>
#include <vector>

namespace tangent::detail {

/// One logged push of a checked tape: type and element count.
struct tape_log_entry {
  const std::type_info *type;
  std::size_t count;
};
/// std::min and std::max of sizes, without <algorithm>.
constexpr std::size_t min_size(std::size_t a, std::size_t b) noexcept {
  return b < a ? b : a;
}
constexpr std::size_t max_size(std::size_t a, std::size_t b) noexcept {
  return a < b ? b : a;
}

template <class T> struct is_vector : std::false_type {};
template <class T, class A>
struct is_vector<std::vector<T, A>> : std::true_type {};

// Scalars are stored and loaded as their own type (not as bytes), through a
// type of alignment 1 since the tape packs values without padding: the
// compiler then knows that storing a double cannot change the tape's own
// pointers. The attribute is on a member alias: Clang ignores it on an alias
// template, which left misaligned accesses of V (undefined behaviour,
// reported by -fsanitize=alignment). Other types (classes, arrays) are copied
// as bytes: their copy operations assume an aligned object.
template <class V> struct unaligned {
  using type [[gnu::aligned(1)]] = V;
  static_assert(alignof(type) == 1, "tangent::tape: unaligned access type");
};
template <class V> void store_value(std::byte *at, const V &value) {
  if constexpr (std::is_scalar_v<V>)
    *reinterpret_cast<typename unaligned<V>::type *>(at) = value;
  else
    std::memcpy(at, &value, sizeof(V));
}
template <class V> V load_value(const std::byte *at) {
  if constexpr (std::is_scalar_v<V>) {
    return *reinterpret_cast<const typename unaligned<V>::type *>(at);
  } else {
    std::array<std::byte, sizeof(V)> raw;
    std::memcpy(raw.data(), at, sizeof(V));
    return std::bit_cast<V>(raw);
  }
}

} // namespace tangent::detail

#endif // TANGENT_DETAIL_TAPE_VALUES_HPP
