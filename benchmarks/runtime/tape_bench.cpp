// Tape throughput: 10^6 double pushes, then 10^6 pops, per iteration.
//
// The fair baseline is a std::vector<double> used the way a tape is: an
// object that outlives the call (reused across iterations, so neither
// allocates in steady state) and is reached through a reference from the
// code that records and replays, as generated code reaches
// `tangent::thread_tape()`. Recording and replay are separate non-inlined
// functions, like a forward and a reverse sweep.
//
// The values pushed come from a small table and the values popped are folded
// with an integer xor, so that no floating-point latency chain (an induction
// variable for static_cast<double>(i), a running sum) hides the cost of the
// push and pop themselves.
//
// BM_VectorLocalPushPop is for information: a vector local to the function
// that uses it, whose pointers the compiler keeps in registers without ever
// storing them; no storage shared across calls can do that.
#include <tangent/tape.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace {

constexpr int count = 1000000;

const std::array<double, 1024> &values() {
  static const std::array<double, 1024> table = [] {
    std::array<double, 1024> t{};
    for (std::size_t i = 0; i < t.size(); ++i)
      t[i] = 0.5 * static_cast<double>(i);
    return t;
  }();
  return table;
}

[[gnu::noinline]] void record(tangent::tape &tp) {
  const auto &x = values();
  for (int i = 0; i < count; ++i)
    tp.push(x[static_cast<std::size_t>(i) & 1023]);
}

[[gnu::noinline]] std::uint64_t replay(tangent::tape &tp) {
  std::uint64_t bits = 0;
  for (int i = 0; i < count; ++i)
    bits ^= std::bit_cast<std::uint64_t>(tp.pop<double>());
  return bits;
}

[[gnu::noinline]] void record(std::vector<double> &v) {
  const auto &x = values();
  for (int i = 0; i < count; ++i)
    v.push_back(x[static_cast<std::size_t>(i) & 1023]);
}

[[gnu::noinline]] std::uint64_t replay(std::vector<double> &v) {
  std::uint64_t bits = 0;
  for (int i = 0; i < count; ++i) {
    bits ^= std::bit_cast<std::uint64_t>(v.back());
    v.pop_back();
  }
  return bits;
}

void BM_TapePushPop(benchmark::State &state) {
  tangent::tape &tp = tangent::thread_tape();
  for (auto _ : state) {
    record(tp);
    benchmark::DoNotOptimize(replay(tp));
  }
  state.SetItemsProcessed(state.iterations() * count);
}
BENCHMARK(BM_TapePushPop)->Unit(benchmark::kMicrosecond);

void BM_VectorPushPop(benchmark::State &state) {
  std::vector<double> v; // reused: its capacity is kept across iterations
  for (auto _ : state) {
    record(v);
    benchmark::DoNotOptimize(replay(v));
  }
  state.SetItemsProcessed(state.iterations() * count);
}
BENCHMARK(BM_VectorPushPop)->Unit(benchmark::kMicrosecond);

void BM_VectorLocalPushPop(benchmark::State &state) {
  std::vector<double> v;
  const auto &x = values();
  for (auto _ : state) {
    for (int i = 0; i < count; ++i)
      v.push_back(x[static_cast<std::size_t>(i) & 1023]);
    std::uint64_t bits = 0;
    for (int i = 0; i < count; ++i) {
      bits ^= std::bit_cast<std::uint64_t>(v.back());
      v.pop_back();
    }
    benchmark::DoNotOptimize(bits);
  }
  state.SetItemsProcessed(state.iterations() * count);
}
BENCHMARK(BM_VectorLocalPushPop)->Unit(benchmark::kMicrosecond);

/// The same traffic as 1000 arrays of 1000 doubles (whole-array recording).
void BM_TapePushPopArrays(benchmark::State &state) {
  tangent::tape &tp = tangent::thread_tape();
  std::vector<double> a(1000, 1.0);
  for (auto _ : state) {
    for (int i = 0; i < count / 1000; ++i)
      tp.push_array(a.data(), a.size());
    for (int i = 0; i < count / 1000; ++i)
      tp.pop_array(a.data(), a.size());
    benchmark::DoNotOptimize(a.data());
  }
  state.SetItemsProcessed(state.iterations() * count);
}
BENCHMARK(BM_TapePushPopArrays)->Unit(benchmark::kMicrosecond);

} // namespace
