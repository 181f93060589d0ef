//===- tangent/detail/owned.hpp - a move-only owning pointer ----*- C++ -*-===//
///
/// \file
/// `detail::owned<T>` and `detail::owned<T[]>`: what the tape and its team
/// need of std::unique_ptr (one owner, moved, deleted on destruction),
/// without <memory>, whose parse is a large share of the cost of including
/// the runtime in a unit with plain gradient requests (docs/api.md,
/// "Include cost").
//===----------------------------------------------------------------------===//
#ifndef TANGENT_DETAIL_OWNED_HPP
#define TANGENT_DETAIL_OWNED_HPP

#include <cstddef>
#include <type_traits>

namespace tangent::detail {

template <class T> class owned {
  using element = std::remove_extent_t<T>;

public:
  owned() noexcept = default;
  explicit owned(element *p) noexcept : p_(p) {}
  owned(owned &&o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  owned &operator=(owned &&o) noexcept {
    if (this != &o) {
      destroy();
      p_ = o.p_;
      o.p_ = nullptr;
    }
    return *this;
  }
  owned(const owned &) = delete;
  owned &operator=(const owned &) = delete;
  ~owned() { destroy(); }

  element *get() const noexcept { return p_; }
  element &operator*() const noexcept { return *p_; }
  element *operator->() const noexcept { return p_; }

private:
  element *p_ = nullptr;

  void destroy() noexcept {
    if constexpr (std::is_array_v<T>)
      delete[] p_;
    else
      delete p_;
  }
};

/// `n` default-initialized (uninitialized) elements, like
/// std::make_unique_for_overwrite<T[]>(n).
template <class T> owned<T[]> make_owned_for_overwrite(std::size_t n) {
  return owned<T[]>(new T[n]);
}

} // namespace tangent::detail

#endif // TANGENT_DETAIL_OWNED_HPP
