// tangent::tape with TANGENT_TAPE_CHECKS=1 (set for this program by the
// build): pops that do not match the last push throw std::logic_error, and
// tangent::stats counts the check log.
#include <tangent/stats.hpp>
#include <tangent/support.hpp>
#include <tangent/tape.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

static_assert(tangent::tape::checks_enabled,
              "this program must be built with TANGENT_TAPE_CHECKS=1");

namespace {

TEST(TapeChecks, MatchingPopsPass) {
  tangent::tape tp;
  const std::vector<double> v = {1, 2};
  tp.push(1);
  tp.push_vector(v);
  tp.push(2.0f);
  EXPECT_EQ(tp.pop<float>(), 2.0f);
  std::vector<double> w;
  tp.pop_vector(w);
  EXPECT_EQ(w, v);
  EXPECT_EQ(tp.pop<int>(), 1);
}

TEST(TapeChecks, TypeMismatchThrows) {
  tangent::tape tp;
  tp.push(1.0);
  try {
    (void)tp.pop<float>();
    FAIL() << "no exception";
  } catch (const std::logic_error &e) {
    EXPECT_NE(std::string(e.what()).find("last push"), std::string::npos)
        << e.what();
  }
}

TEST(TapeChecks, ArrayCountMismatchThrows) {
  tangent::tape tp;
  double a[4] = {1, 2, 3, 4};
  tp.push_array(a, 4);
  EXPECT_THROW(tp.pop_array(a, 3), std::logic_error);
  EXPECT_THROW((void)tp.pop<double>(), std::logic_error); // scalar vs array
  tp.pop_array(a, 4);
}

TEST(TapeChecks, BlockCountOrTypeMismatchThrows) {
  tangent::tape tp;
  std::byte *b = tp.push_block<double>(4);
  for (int k = 0; k < 4; ++k)
    tangent::detail::record_at<double>(b, k, k);
  EXPECT_THROW((void)tp.pop_block<double>(3), std::logic_error);
  EXPECT_THROW((void)tp.pop_block<float>(4), std::logic_error);
  EXPECT_THROW((void)tp.pop<double>(), std::logic_error); // scalar vs block
  const std::byte *back = tp.pop_block<double>(4);
  EXPECT_EQ(tangent::detail::recorded_at<double>(back, 3), 3.0);
}

TEST(TapeChecks, PopFromEmptyThrows) {
  tangent::tape tp;
  EXPECT_THROW((void)tp.pop<int>(), std::logic_error);
  tp.push(1);
  tp.clear(); // clear forgets the log too
  EXPECT_THROW((void)tp.pop<int>(), std::logic_error);
}

// The log holds one entry per unpopped push: a type pointer and a count,
// 16 bytes on 64-bit targets. Its entries in use are counted like the values,
// rounded up to 4 KiB blocks on their own.
static_assert(sizeof(void *) != 8 || tangent::tape::check_entry_bytes == 16);

TEST(TapeChecks, StatsCountTheLog) {
  namespace stats = tangent::stats;
  constexpr int n = 1000;
  const std::size_t base = stats::current_bytes();
  stats::reset();
  {
    tangent::tape tp;
    for (int i = 0; i < n; ++i)
      tp.push(static_cast<double>(i));
    // Values: 8000 bytes, 2 blocks; log: 1000 * 16 = 16000 bytes, 4 blocks.
    const std::size_t log = n * tangent::tape::check_entry_bytes;
    EXPECT_EQ(log, 16000u);
    EXPECT_EQ(stats::current_bytes(), base + 8192 + 16384);
    for (int i = 0; i < n / 2; ++i)
      (void)tp.pop<double>();
    // 4000 bytes of values (1 block), 8000 of log (2 blocks).
    EXPECT_EQ(stats::current_bytes(), base + 4096 + 8192);
    tp.clear();
    EXPECT_EQ(stats::current_bytes(), base);
    tp.push(1.0);
    EXPECT_EQ(stats::current_bytes(), base + 4096 + 4096);
  }
  EXPECT_EQ(stats::peak_bytes(), base + 8192 + 16384);
  EXPECT_EQ(stats::current_bytes(), base); // the destructor un-counts both
}

TEST(TapeChecks, StatsCountTheLogOfEmptyArrays) {
  // Empty arrays hold no bytes but are logged (so that their pops are
  // checked); such a tape has no chunk, and its pops are counted too.
  namespace stats = tangent::stats;
  const std::size_t base = stats::current_bytes();
  tangent::tape tp;
  const double *none = nullptr;
  for (int i = 0; i < 300; ++i) // 4800 bytes of log: 2 blocks
    tp.push_array(none, 0);
  EXPECT_EQ(tp.size_bytes(), 0u);
  EXPECT_EQ(stats::current_bytes(), base + 8192);
  for (int i = 0; i < 300; ++i)
    tp.pop_array(static_cast<double *>(nullptr), 0);
  EXPECT_EQ(stats::current_bytes(), base);
  tp.push_array(none, 0);
  EXPECT_EQ(stats::current_bytes(), base + 4096);
  tp.release();
  EXPECT_EQ(stats::current_bytes(), base);
}

} // namespace
