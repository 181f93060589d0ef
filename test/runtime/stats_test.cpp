// tangent::stats: per-thread peak and current bytes of tapes and snapshot
// stores, deterministic W1-shaped figures.
#include <tangent/snapshots.hpp>
#include <tangent/stats.hpp>
#include <tangent/tape.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <thread>
#include <vector>

namespace {

namespace stats = tangent::stats;
using tangent::tape;
constexpr std::size_t block = tape::block_bytes;

TEST(Stats, ResetStartsAMeasurement) {
  const std::size_t base = stats::current_bytes();
  {
    tangent::snapshots<std::vector<double>> snaps;
    snaps.push(std::vector<double>(1000));
    stats::reset();
    EXPECT_EQ(stats::peak_bytes(), base + 8000);
    snaps.push(std::vector<double>(500));
    EXPECT_EQ(stats::current_bytes(), base + 12000);
    EXPECT_EQ(stats::peak_bytes(), base + 12000);
    (void)snaps.pop();
    EXPECT_EQ(stats::current_bytes(), base + 8000);
    EXPECT_EQ(stats::peak_bytes(), base + 12000); // the high-water mark stays
    stats::reset();
    EXPECT_EQ(stats::peak_bytes(), base + 8000); // peak := current
  }
  EXPECT_EQ(stats::current_bytes(), base); // destructor un-counts
}

TEST(Stats, TapeCountsBytesInUseByBlock) {
  tape tp;
  const std::size_t base = stats::current_bytes();
  tp.push(1.0);
  EXPECT_EQ(stats::current_bytes(), base + block);
  for (int i = 1; i < 512; ++i)
    tp.push(1.0); // exactly one block
  EXPECT_EQ(stats::current_bytes(), base + block);
  tp.push(1.0);
  EXPECT_EQ(stats::current_bytes(), base + 2 * block);
  (void)tp.pop<double>();
  EXPECT_EQ(stats::current_bytes(), base + block);
  tp.clear();
  EXPECT_EQ(stats::current_bytes(), base);
  tp.push(1.0);
  EXPECT_EQ(stats::current_bytes(), base + block);
}

TEST(Stats, PopsAreCountedBeforeAnySnapshotIsCounted) {
  // Pops are counted on demand: a snapshot counted after them must not
  // stack on stale tape bytes, and the tape's next growth must be counted
  // again.
  tape tp;
  const std::size_t base = stats::current_bytes();
  for (int i = 0; i < 1024; ++i)
    tp.push(1.0); // two blocks
  for (int i = 0; i < 1024; ++i)
    (void)tp.pop<double>();
  stats::reset();
  EXPECT_EQ(stats::peak_bytes(), base);
  tangent::snapshots<std::vector<double>> snaps;
  snaps.push(std::vector<double>(1000));
  EXPECT_EQ(stats::current_bytes(), base + 8000);
  for (int i = 0; i < 1024; ++i)
    tp.push(1.0);
  EXPECT_EQ(stats::current_bytes(), base + 8000 + 2 * block);
  EXPECT_EQ(stats::peak_bytes(), base + 8000 + 2 * block);
}

TEST(Stats, PushPopCyclesWithoutReadingStatsStayExact) {
  tape tp;
  const std::size_t base = stats::current_bytes();
  for (int cycle = 0; cycle < 3; ++cycle) {
    for (int i = 0; i < 5000; ++i)
      tp.push(i);
    for (int i = 0; i < 5000; ++i)
      (void)tp.pop<int>();
  }
  for (int i = 0; i < 100; ++i)
    tp.push(i);
  stats::reset(); // 400 bytes in use: one block
  EXPECT_EQ(stats::current_bytes(), base + block);
  EXPECT_EQ(stats::peak_bytes(), base + block);
  for (int i = 0; i < 2000; ++i)
    tp.push(i); // 8400 bytes: three blocks
  EXPECT_EQ(stats::peak_bytes(), base + 3 * block);
}

TEST(Stats, TapeDestructorUncounts) {
  const std::size_t base = stats::current_bytes();
  {
    tape tp;
    for (int i = 0; i < 100000; ++i)
      tp.push(i);
    EXPECT_GT(stats::current_bytes(), base + 400000 - 1);
  }
  EXPECT_EQ(stats::current_bytes(), base);
}

/// W1 full tape: 2000 x 1000 tanh outputs pushed, then popped.
void w1_full_tape(tape &tp) {
  for (int t = 0; t < 2000; ++t)
    for (int j = 0; j < 1000; ++j)
      tp.push(0.5);
  double sum = 0;
  for (int i = 0; i < 2000 * 1000; ++i)
    sum += tp.pop<double>();
  EXPECT_EQ(sum, 1e6);
}

/// W1 checkpointed: 45 snapshots of the 1000-double state, then per segment
/// (from the last) one snapshot popped and 45 x 1000 doubles on the tape.
void w1_checkpointed(tape &tp) {
  tangent::snapshots<std::vector<double>> snaps;
  std::vector<double> s(1000, 0.0);
  for (int seg = 0; seg < 45; ++seg)
    snaps.push(s);
  for (int seg = 45; seg-- > 0;) {
    s = snaps.pop();
    const int steps = seg == 44 ? 2000 - 44 * 45 : 45;
    for (int t = 0; t < steps; ++t)
      tp.push_array(s.data(), s.size());
    for (int t = 0; t < steps; ++t)
      tp.pop_array(s.data(), s.size());
  }
}

TEST(Stats, W1FullTapePeakIs16MB) {
  tape &tp = tangent::thread_tape();
  stats::reset();
  const std::size_t base = stats::current_bytes();
  w1_full_tape(tp);
  const std::size_t peak = stats::peak_bytes() - base;
  EXPECT_GE(peak, 16000000u);
  EXPECT_LE(peak, 16000000u + block);      // well within 1%
  EXPECT_EQ(stats::current_bytes(), base); // popped: nothing held
  // Deterministic: the same run measures the same, whatever ran before.
  stats::reset();
  w1_full_tape(tp);
  EXPECT_EQ(stats::peak_bytes() - base, peak);
}

TEST(Stats, W1CheckpointedPeakAfterAFullTapeRun) {
  tape &tp = tangent::thread_tape();
  w1_full_tape(tp); // leaves 16 MB of retained, uncounted chunks
  EXPECT_GE(tp.capacity_bytes(), 16000000u);
  stats::reset();
  const std::size_t base = stats::current_bytes();
  w1_checkpointed(tp);
  const std::size_t peak = stats::peak_bytes() - base;
  EXPECT_LE(peak, 750000u);
  EXPECT_GE(peak, 43u * 8000 + 45 * 8000); // segment 43: 43 snapshots held
  EXPECT_EQ(stats::current_bytes(), base);
  stats::reset();
  w1_checkpointed(tp);
  EXPECT_EQ(stats::peak_bytes() - base, peak);
}

TEST(Stats, SnapshotStoresAreCountedByDeepSize) {
  const std::size_t base = stats::current_bytes();
  {
    tangent::snapshot_slots<std::vector<std::vector<double>>> slots;
    slots.store(3,
                std::vector<std::vector<double>>(10, std::vector<double>(5)));
    EXPECT_EQ(stats::current_bytes(), base + 400);
    slots.store(3, std::vector<std::vector<double>>(1, std::vector<double>(1)));
    EXPECT_EQ(stats::current_bytes(), base + 8); // overwrite un-counts
    slots.store(0, std::vector<std::vector<double>>(2, std::vector<double>(2)));
    EXPECT_EQ(stats::current_bytes(), base + 40);
    slots.free(3);
    EXPECT_EQ(stats::current_bytes(), base + 32);
    (void)slots.take(0);
    EXPECT_EQ(stats::current_bytes(), base);
    slots.store(1, std::vector<std::vector<double>>(1, std::vector<double>(3)));
  }
  EXPECT_EQ(stats::current_bytes(), base);
}

TEST(Stats, CountersArePerThread) {
  const std::size_t base = stats::current_bytes();
  std::size_t seen_in_thread = 0, start_in_thread = 1;
  std::thread([&] {
    start_in_thread = stats::current_bytes();
    tangent::thread_tape().push(1.0);
    seen_in_thread = stats::current_bytes();
  }).join();
  EXPECT_EQ(start_in_thread, 0u);
  EXPECT_EQ(seen_in_thread, block);
  EXPECT_EQ(stats::current_bytes(), base);
}

} // namespace
