// tangent::tape: typed LIFO semantics, arrays and vectors, chunk boundaries,
// reuse across calls, clear and release.
#include <tangent/support.hpp>
#include <tangent/tape.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <vector>

namespace {

using tangent::tape;

struct odd3 { // 3 bytes: values straddle every boundary
  std::uint8_t a, b, c;
  bool operator==(const odd3 &) const = default;
};

TEST(Tape, MixedTypesPopInReverseOrder) {
  tape tp;
  EXPECT_TRUE(tp.empty());
  tp.push(1.5);
  tp.push(7);
  tp.push(true);
  tp.push(2.5f);
  tp.push(std::size_t{42});
  tp.push(odd3{1, 2, 3});
  tp.push(static_cast<char>('x'));
  EXPECT_EQ(tp.size_bytes(), sizeof(double) + sizeof(int) + sizeof(bool) +
                                 sizeof(float) + sizeof(std::size_t) + 3 + 1);
  EXPECT_EQ(tp.pop<char>(), 'x');
  EXPECT_EQ(tp.pop<odd3>(), (odd3{1, 2, 3}));
  EXPECT_EQ(tp.pop<std::size_t>(), 42u);
  EXPECT_EQ(tp.pop<float>(), 2.5f);
  EXPECT_EQ(tp.pop<bool>(), true);
  EXPECT_EQ(tp.pop<int>(), 7);
  EXPECT_EQ(tp.pop<double>(), 1.5);
  EXPECT_TRUE(tp.empty());
}

TEST(Tape, ArraysInOneCall) {
  tape tp;
  std::vector<double> a(1000);
  std::iota(a.begin(), a.end(), 0.0);
  const int ints[3] = {4, 5, 6};
  tp.push_array(a.data(), a.size());
  tp.push(3.25);
  tp.push_array(ints, 3);
  tp.push_array(ints, 0); // empty arrays are fine
  int out_ints[3] = {};
  tp.pop_array(out_ints, 0);
  tp.pop_array(out_ints, 3);
  EXPECT_EQ(out_ints[0], 4);
  EXPECT_EQ(out_ints[2], 6);
  EXPECT_EQ(tp.pop<double>(), 3.25);
  std::vector<double> b(1000);
  tp.pop_array(b.data(), b.size());
  EXPECT_EQ(a, b);
  EXPECT_TRUE(tp.empty());
}

TEST(Tape, VectorsStoreTheirSize) {
  tape tp;
  const std::vector<double> v = {1, 2, 3, 4, 5};
  const std::vector<int> empty;
  const std::vector<bool> flags = {true, false, true, true};
  tp.push_vector(v);
  tp.push_vector(empty);
  tp.push_vector(flags);
  std::vector<bool> f;
  tp.pop_vector(f);
  EXPECT_EQ(f, flags);
  std::vector<int> e = {9, 9};
  tp.pop_vector(e);
  EXPECT_TRUE(e.empty());
  std::vector<double> w(100, -1.0);
  tp.pop_vector(w); // resized to the stored size
  EXPECT_EQ(w, v);
  EXPECT_TRUE(tp.empty());
}

TEST(Tape, ValuesStraddleChunkBoundaries) {
  tape tp(4096, 8192); // small chunks
  constexpr int n = 20000;
  for (int i = 0; i < n; ++i) {
    tp.push(odd3{static_cast<std::uint8_t>(i),
                 static_cast<std::uint8_t>(i >> 8),
                 static_cast<std::uint8_t>(i >> 16)});
    tp.push(static_cast<double>(i));
  }
  EXPECT_GT(tp.chunk_count(), 5u);
  EXPECT_EQ(tp.size_bytes(), static_cast<std::size_t>(n) * 11);
  for (int i = n; i-- > 0;) {
    ASSERT_EQ(tp.pop<double>(), static_cast<double>(i));
    ASSERT_EQ(tp.pop<odd3>(), (odd3{static_cast<std::uint8_t>(i),
                                    static_cast<std::uint8_t>(i >> 8),
                                    static_cast<std::uint8_t>(i >> 16)}));
  }
  EXPECT_TRUE(tp.empty());
}

TEST(Tape, LargeArraysSpanOrGetTheirOwnChunk) {
  tape tp(4096, 8192);
  tp.push(1.0); // the array starts mid-chunk and spans into a big chunk
  std::vector<double> a(50000);
  std::iota(a.begin(), a.end(), 1.0);
  tp.push_array(a.data(), a.size());
  tp.push(std::int16_t{-3});
  EXPECT_LE(tp.chunk_count(), 3u);
  EXPECT_EQ(tp.pop<std::int16_t>(), -3);
  std::vector<double> b(a.size());
  tp.pop_array(b.data(), b.size());
  EXPECT_EQ(a, b);
  EXPECT_EQ(tp.pop<double>(), 1.0);
}

/// A loop's records as blocks (push_block / record_at), as generated code
/// writes them: the same bytes as one push per value, popped either way.
TEST(Tape, BlocksHoldWhatScalarPushesWould) {
  tape blocks(4096, 8192), scalars(4096, 8192);
  for (tape *tp : {&blocks, &scalars})
    tp->push(std::int16_t{5});   // blocks start unaligned
  for (int t = 0; t < 40; ++t) { // 40 blocks of 3 x 70 doubles, over chunks
    std::byte *b = tangent::detail::push_block<double>(blocks, 0, 70, 3);
    for (int j = 0; j < 70; ++j)
      for (int slot = 0; slot < 3; ++slot) {
        const double v = t * 1000.0 + j + slot / 4.0;
        tangent::detail::record_at<double>(b, j * 3 + slot, v);
        scalars.push(v);
      }
  }
  EXPECT_EQ(blocks.size_bytes(), scalars.size_bytes());
  EXPECT_GT(blocks.chunk_count(), 2u);
  for (int t = 40; t-- > 0;) {
    const std::byte *b = tangent::detail::pop_block<double>(blocks, 0, 70, 3);
    for (int j = 70; j-- > 0;)
      for (int slot = 3; slot-- > 0;)
        ASSERT_EQ(tangent::detail::recorded_at<double>(b, j * 3 + slot),
                  scalars.pop<double>());
  }
  EXPECT_EQ(blocks.pop<std::int16_t>(), 5);
  EXPECT_TRUE(blocks.empty());
  // An empty range makes an empty block.
  EXPECT_EQ(tangent::detail::push_block<double>(blocks, 7, 3, 2),
            tangent::detail::pop_block<double>(blocks, 7, 3, 2));
  EXPECT_TRUE(blocks.empty());
}

TEST(Tape, ABlockNeverStraddlesChunks) {
  tape tp(4096, 4096);
  tp.push_array(std::vector<char>(4000, 'a').data(), 4000); // 96 bytes left
  std::byte *b = tp.push_block<double>(20);                 // next chunk
  EXPECT_EQ(tp.chunk_count(), 2u);
  for (int k = 0; k < 20; ++k)
    tangent::detail::record_at<double>(b, k, k + 0.5);
  tp.push(1.0);
  EXPECT_EQ(tp.pop<double>(), 1.0);
  // Popped from the start of its chunk, and again after the pops that
  // emptied a later chunk.
  std::byte *later = tp.push_block<double>(1000); // a chunk of its own
  (void)later;
  (void)tp.pop_block<double>(1000);
  const std::byte *back = tp.pop_block<double>(20);
  for (int k = 0; k < 20; ++k)
    ASSERT_EQ(tangent::detail::recorded_at<double>(back, k), k + 0.5);
  std::vector<char> out(4000);
  tp.pop_array(out.data(), out.size());
  EXPECT_EQ(out, std::vector<char>(4000, 'a'));
  EXPECT_TRUE(tp.empty());
}

/// One "gradient call": pushes a W1-shaped pattern and pops it.
double run_once(tape &tp, int steps, int width) {
  for (int t = 0; t < steps; ++t)
    for (int j = 0; j < width; ++j)
      tp.push(static_cast<double>(t * width + j));
  double sum = 0;
  for (int t = steps; t-- > 0;)
    for (int j = width; j-- > 0;)
      sum += tp.pop<double>();
  return sum;
}

TEST(Tape, AValueNeverStraddlesChunks) {
  tape tp(4096, 4096);
  tp.push_array(std::vector<char>(4093, 'a').data(), 4093); // 3 bytes left
  tp.push(7.5);                                             // next chunk
  EXPECT_EQ(tp.chunk_count(), 2u);
  EXPECT_EQ(tp.size_bytes(), 4093u + 8);
  // A value larger than any chunk gets a chunk of its own.
  std::array<double, 2000> big{};
  big[1999] = 3.0;
  tp.push(big);
  EXPECT_EQ(tp.chunk_count(), 3u);
  EXPECT_EQ(tp.pop<decltype(big)>()[1999], 3.0);
  EXPECT_EQ(tp.pop<double>(), 7.5);
  std::vector<char> out(4093);
  tp.pop_array(out.data(), out.size());
  EXPECT_EQ(out, std::vector<char>(4093, 'a'));
  EXPECT_TRUE(tp.empty());
}

TEST(Tape, PushesAfterPoppingBackIntoAnEarlierChunk) {
  tape tp(4096, 4096);
  for (int i = 0; i < 3000; ++i)
    tp.push(i); // 3 chunks
  for (int i = 3000; i-- > 1500;)
    ASSERT_EQ(tp.pop<int>(), i); // back in chunk 1
  for (int i = 1500; i < 4000; ++i)
    tp.push(i); // overwrites, reuses chunks 2 and 3
  EXPECT_EQ(tp.chunk_count(), 4u);
  for (int i = 4000; i-- > 0;)
    ASSERT_EQ(tp.pop<int>(), i);
  EXPECT_TRUE(tp.empty());
}

TEST(Tape, ChunksAreReusedAcrossCalls) {
  tape tp;
  const double first = run_once(tp, 300, 1000); // 2.4 MB
  const std::size_t chunks = tp.chunk_count();
  const std::size_t capacity = tp.capacity_bytes();
  EXPECT_GE(capacity, 2400000u);
  for (int call = 0; call < 3; ++call) {
    EXPECT_EQ(run_once(tp, 300, 1000), first);
    EXPECT_EQ(tp.chunk_count(), chunks); // no allocation in steady state
    EXPECT_EQ(tp.capacity_bytes(), capacity);
  }
}

TEST(Tape, ClearKeepsMemory) {
  tape tp;
  for (int i = 0; i < 100000; ++i)
    tp.push(i);
  const std::size_t capacity = tp.capacity_bytes();
  tp.clear();
  EXPECT_TRUE(tp.empty());
  EXPECT_EQ(tp.size_bytes(), 0u);
  EXPECT_EQ(tp.capacity_bytes(), capacity);
  tp.push(2.0);
  EXPECT_EQ(tp.pop<double>(), 2.0);
}

TEST(Tape, ReleaseReturnsUnusedChunks) {
  tape tp(4096, 4096);
  for (int i = 0; i < 10000; ++i)
    tp.push(static_cast<double>(i)); // 80000 bytes: 20 chunks
  EXPECT_EQ(tp.chunk_count(), 20u);
  for (int i = 0; i < 9000; ++i)
    (void)tp.pop<double>(); // 8000 bytes left: 2 chunks in use
  tp.release();
  EXPECT_EQ(tp.chunk_count(), 2u);
  for (int i = 1000; i-- > 0;)
    ASSERT_EQ(tp.pop<double>(), static_cast<double>(i));
  tp.release();
  EXPECT_EQ(tp.chunk_count(), 0u);
  EXPECT_EQ(tp.capacity_bytes(), 0u);
  tp.push(5); // usable after release
  EXPECT_EQ(tp.pop<int>(), 5);
}

TEST(Tape, ReserveAllocatesAhead) {
  tape tp;
  tp.reserve(3000000);
  EXPECT_GE(tp.capacity_bytes(), 3000000u);
  const std::size_t chunks = tp.chunk_count();
  run_once(tp, 300, 1000);
  EXPECT_EQ(tp.chunk_count(), chunks);
}

TEST(Tape, PopFromEmptyThrows) {
  tape tp;
  EXPECT_THROW((void)tp.pop<double>(), std::logic_error);
  tp.push(1);
  EXPECT_THROW((void)tp.pop<double>(), std::logic_error); // only 4 bytes
}

TEST(Tape, ThreadTapeIsPerThread) {
  tape &a = tangent::thread_tape();
  EXPECT_EQ(&a, &tangent::thread_tape());
  tape *other = nullptr;
  std::thread([&] { other = &tangent::thread_tape(); }).join();
  EXPECT_NE(other, &a);
}

} // namespace

// The resize records of generated code (support.hpp): a shrink records the
// dropped elements, the undo gives them back with the old size.
TEST(ResizeRecords, ShrinkAndGrowAreUndone) {
  tape tp;
  std::vector<double> v{1.0, 2.0, 3.0, 4.0};
  tangent::detail::record_resize(tp, v, 1);
  v.resize(1);
  tangent::detail::record_resize(tp, v, 3);
  v.resize(3, 9.0);
  EXPECT_EQ(tangent::detail::undo_resize(tp, v), 1u);
  EXPECT_EQ(v, (std::vector<double>{1.0}));
  EXPECT_EQ(tangent::detail::undo_resize(tp, v), 4u);
  EXPECT_EQ(v, (std::vector<double>{1.0, 2.0, 3.0, 4.0}));
  EXPECT_TRUE(tp.empty());
}

TEST(ResizeRecords, VectorOfBoolAndSumFrom) {
  tape tp;
  std::vector<bool> flags{true, false, true};
  tangent::detail::record_resize(tp, flags, 0);
  flags.clear();
  EXPECT_EQ(tangent::detail::undo_resize(tp, flags), 3u);
  EXPECT_EQ(flags, (std::vector<bool>{true, false, true}));
  const std::vector<double> d{1.0, 2.0, 4.0, 8.0};
  EXPECT_EQ(tangent::detail::sum_from(d, 1), 14.0);
  EXPECT_EQ(tangent::detail::sum_from(d, 4), 0.0);
  EXPECT_EQ(tangent::detail::sum_from(d, 9), 0.0);
}

// Vectors of vectors (matrices as rows): recorded row by row, shapes.
TEST(NestedVectors, PushPopShapeAndZeroLike) {
  tape tp;
  std::vector<std::vector<double>> m{{1.0, 2.0}, {}, {3.0}};
  tp.push_vector(m);
  tangent::detail::push_shape(tp, m);
  std::vector<std::vector<double>> shaped;
  tangent::detail::pop_shape(tp, shaped);
  EXPECT_EQ(shaped, (std::vector<std::vector<double>>{{0.0, 0.0}, {}, {0.0}}));
  std::vector<std::vector<double>> back;
  tp.pop_vector(back);
  EXPECT_EQ(back, m);
  EXPECT_TRUE(tp.empty());
  std::vector<std::vector<double>> z{{5.0}};
  tangent::detail::zero_like(z, m);
  EXPECT_EQ(z, shaped);
  std::vector<double> row{1.0, 1.0};
  tangent::detail::accumulate_rows(
      row, std::vector<std::vector<double>>{{1.0, 2.0}, {3.0, 4.0}});
  EXPECT_EQ(row, (std::vector<double>{5.0, 7.0}));
  tangent::detail::accumulate(m, m);
  EXPECT_EQ(m, (std::vector<std::vector<double>>{{2.0, 4.0}, {}, {6.0}}));
}
