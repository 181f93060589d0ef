// tangent::tape as a user gets it from `tangent-clang++ -O2 file.cpp`:
// compiled without NDEBUG and without TANGENT_TAPE_CHECKS. The checks must
// be off and the tape must cost exactly its values. Built as a program of its
// own (see sources.cmake); NDEBUG is undefined here whatever the build type
// says, before anything is included.
#undef NDEBUG
#ifdef TANGENT_TAPE_CHECKS
#error "this program must be built without TANGENT_TAPE_CHECKS"
#endif
#include <tangent/stats.hpp>
#include <tangent/tape.hpp>

#include <gtest/gtest.h>

#include <cstddef>

namespace {

namespace stats = tangent::stats;
using tangent::tape;

TEST(TapeDefaults, ChecksAreOffWithoutNDEBUG) {
  EXPECT_FALSE(tape::checks_enabled);
  EXPECT_EQ(TANGENT_TAPE_CHECKS, 0);
}

TEST(TapeDefaults, PeakIsTheValuesOnly) {
  // 1000 doubles are 8000 bytes, two 4 KiB accounting blocks, and nothing
  // else (a check log would add 16000 bytes, four blocks more).
  constexpr int n = 1000;
  const std::size_t base = stats::current_bytes();
  stats::reset();
  {
    tape tp;
    for (int i = 0; i < n; ++i)
      tp.push(static_cast<double>(i));
    EXPECT_EQ(tp.size_bytes(), n * sizeof(double));
    EXPECT_EQ(stats::current_bytes(), base + 8192);
    for (int i = n; i-- > 0;)
      EXPECT_EQ(tp.pop<double>(), static_cast<double>(i));
    EXPECT_EQ(stats::current_bytes(), base);
  }
  EXPECT_EQ(stats::peak_bytes(), base + 8192);
  EXPECT_EQ(stats::current_bytes(), base);
}

} // namespace
