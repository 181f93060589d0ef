//===- tangent/detail/arguments.hpp - argument and protocol checks -*- C++ -*-//
///
/// \file
/// The runtime's error reporting: bad arguments throw std::invalid_argument
/// with a message naming the function and the parameter; misuse of an
/// object's protocol throws std::logic_error.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_DETAIL_ARGUMENTS_HPP
#define TANGENT_DETAIL_ARGUMENTS_HPP

#include <cstddef>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>

namespace tangent::detail {

/// Throws std::invalid_argument "<function>: <parameter> <requirement>, got
/// <value>" unless `ok`.
inline void require_argument(bool ok, const char *function,
                             const char *parameter, const char *requirement,
                             long long value) {
  if (!ok)
    throw std::invalid_argument(std::string(function) + ": " + parameter + " " +
                                requirement + ", got " + std::to_string(value));
}

/// Throws std::invalid_argument unless pointer arguments `a` and `b` of
/// `function` (parameters `pa`, written through, and `pb`) differ: its
/// adjoint treats its pointer parameters as distinct storage. (Arguments
/// that overlap without being equal cannot be told apart here; the docs
/// say they must not.)
inline void require_distinct(const void *a, const void *b, const char *function,
                             const char *pa, const char *pb) {
  if (a == b && a != nullptr)
    throw std::invalid_argument(
        std::string(function) + ": the pointer arguments for '" + pa +
        "' (written through) and '" + pb +
        "' are the same storage; the gradient treats them as distinct (pass "
        "a copy of one)");
}

/// The same for std::span arguments, which carry their extents: any
/// overlap of the two ranges is refused.
template <class A, std::size_t N, class B, std::size_t M>
void require_distinct(std::span<A, N> a, std::span<B, M> b,
                      const char *function, const char *pa, const char *pb) {
  const auto *a0 = static_cast<const void *>(a.data());
  const auto *b0 = static_cast<const void *>(b.data());
  const auto *a1 = static_cast<const void *>(a.data() + a.size());
  const auto *b1 = static_cast<const void *>(b.data() + b.size());
  if (a.size() && b.size() && std::less<>{}(a0, b1) && std::less<>{}(b0, a1))
    throw std::invalid_argument(
        std::string(function) + ": the span arguments for '" + pa +
        "' (written through) and '" + pb +
        "' overlap; the gradient treats them as distinct (pass a copy of "
        "one)");
}

/// Throws std::logic_error "tangent::<object>: <what>" unless `ok`.
inline void require_protocol(bool ok, const char *object,
                             const std::string &what) {
  if (!ok)
    throw std::logic_error(std::string("tangent::") + object + ": " + what);
}

} // namespace tangent::detail

#endif // TANGENT_DETAIL_ARGUMENTS_HPP
