//===- test/forward/allocations.hpp - counting operator new ---------------===//
///
/// \file
/// Replaces the global operator new and delete of the test program that
/// includes it (once) with ones that count allocations in `allocations`,
/// for checks such as dense_into's "none once warm" (forward.lanes,
/// forward.reverse_lanes).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_TEST_FORWARD_ALLOCATIONS_HPP
#define TANGENT_TEST_FORWARD_ALLOCATIONS_HPP

#include <cstdlib>
#include <new>

static long allocations = 0;
void *operator new(std::size_t n) {
  ++allocations;
  if (void *p = std::malloc(n ? n : 1))
    return p;
  throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }

#endif
