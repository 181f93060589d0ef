//===- tangent/mpi/adjoints.hpp - which adjoint belongs to which buffer ---===//
///
/// \file
/// `tangent::mpi::adjoints`: the registry that maps primal buffers to their
/// adjoint buffers during a reverse sweep.
///
/// Why: the reverse of `wait` (or `waitall`) must start the adjoint
/// communication of each request it completed, before the reverse of the
/// request's `irecv` runs (otherwise a halo exchange deadlocks). For a
/// receive, that means sending the adjoint of the receive buffer, which
/// `wait_reverse` is not given. The forward `irecv` recorded the primal
/// buffer's address; `wait_reverse` finds its adjoint here.
///
/// \code
///   std::vector<double> u(n + 2), d_u(n + 2);
///   ...                                  // forward sweep, then:
///   tangent::mpi::adjoints reg;          // scoped: lives for the reverse
///   reg.add(u, d_u);                     // or reg.add(u.data(), d_u.data(),
///   n) tangent::mpi::waitall_reverse(tp);   // finds d_u for buffers inside u
/// \endcode
///
/// A registry is active on its thread from construction to destruction.
/// Registries nest: a lookup asks the most recently constructed one first,
/// then the enclosing ones. A range registered by `add` maps every buffer
/// that lies inside it (`&u[i]` with a count, for a halo cell), at the same
/// offset in the adjoint range.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_MPI_ADJOINTS_HPP
#define TANGENT_MPI_ADJOINTS_HPP

#include "tangent/mpi/core.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tangent::mpi {

class adjoints;

namespace detail {
/// The innermost registry alive on this thread.
inline thread_local constinit adjoints *innermost_adjoints = nullptr;

inline std::uintptr_t address_of(const void *p) {
  return reinterpret_cast<std::uintptr_t>(p);
}
} // namespace detail

/// A scoped, thread-local registry of primal ranges and their adjoints.
/// Not copyable or movable.
class adjoints {
public:
  /// An empty registry, active on this thread until it is destroyed.
  adjoints() noexcept : outer_(detail::innermost_adjoints) {
    detail::innermost_adjoints = this;
  }
  adjoints(const adjoints &) = delete;
  adjoints &operator=(const adjoints &) = delete;

  /// Deactivates the registry (also when registries end out of order).
  ~adjoints() {
    adjoints **link = &detail::innermost_adjoints;
    while (*link != nullptr && *link != this)
      link = &(*link)->outer_;
    if (*link == this)
      *link = outer_;
  }

  /// Registers `count` doubles at `primal` with their adjoints at
  /// `adjoint`. Throws std::invalid_argument for a null pointer with a
  /// nonzero count, or a range overlapping one this registry holds.
  void add(const double *primal, double *adjoint, std::size_t count) {
    if (count == 0)
      return;
    if (primal == nullptr || adjoint == nullptr)
      detail::refuse("adjoints::add",
                     "null pointer with count " + std::to_string(count));
    const std::uintptr_t begin = detail::address_of(primal);
    const std::uintptr_t end = begin + count * sizeof(double);
    for (const range &r : ranges_) {
      const std::uintptr_t b = detail::address_of(r.primal);
      if (begin < b + r.count * sizeof(double) && b < end)
        detail::refuse("adjoints::add",
                       "the primal range overlaps one already registered");
    }
    ranges_.push_back({primal, adjoint, count});
  }

  /// Registers a whole buffer (a vector, an array, a span) with its
  /// adjoint, which must have the same size.
  void add(std::span<const double> primal, std::span<double> adjoint) {
    if (primal.size() != adjoint.size())
      detail::refuse("adjoints::add", "the adjoint has " +
                                          std::to_string(adjoint.size()) +
                                          " elements, the primal " +
                                          std::to_string(primal.size()));
    add(primal.data(), adjoint.data(), primal.size());
  }

  /// The adjoint of `count` doubles at `primal` in this registry, or null.
  double *find(const double *primal, std::size_t count) const noexcept {
    const std::uintptr_t begin = detail::address_of(primal);
    const std::uintptr_t end = begin + count * sizeof(double);
    for (const range &r : ranges_) {
      const std::uintptr_t b = detail::address_of(r.primal);
      if (b <= begin && end <= b + r.count * sizeof(double) &&
          (begin - b) % sizeof(double) == 0)
        return r.adjoint + (begin - b) / sizeof(double);
    }
    return nullptr;
  }

  /// The adjoint of `count` doubles at `primal` in the innermost active
  /// registry that holds them, or null.
  static double *lookup(const double *primal, std::size_t count) noexcept {
    for (const adjoints *a = detail::innermost_adjoints; a != nullptr;
         a = a->outer_)
      if (double *d = a->find(primal, count))
        return d;
    return nullptr;
  }

  /// Number of ranges registered here.
  std::size_t size() const noexcept { return ranges_.size(); }

private:
  struct range {
    const double *primal;
    double *adjoint;
    std::size_t count;
  };
  std::vector<range> ranges_;
  adjoints *outer_;
};

} // namespace tangent::mpi

#endif // TANGENT_MPI_ADJOINTS_HPP
