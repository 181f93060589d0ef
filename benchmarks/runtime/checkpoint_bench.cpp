// checkpointed_loop on the W1 shape (state std::vector<double>(1000),
// s_j <- tanh(1.01 s_j + x_j), 2000 steps, sqrt(n) = 44 checkpoints) against
// the same loop without checkpoints.
#include <tangent/checkpoint.hpp>

#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

namespace {

using vec = std::vector<double>;
constexpr int width = 1000;
constexpr int steps = 2000;

vec inputs() {
  vec x(width);
  for (int j = 0; j < width; ++j)
    x[j] = 0.001 * j - 0.5;
  return x;
}

struct w1_step {
  const vec *x;
  vec operator()(const vec &s) const {
    vec next(s.size());
    for (std::size_t j = 0; j < s.size(); ++j)
      next[j] = std::tanh(1.01 * s[j] + (*x)[j]);
    return next;
  }
};

void BM_PlainLoop(benchmark::State &state) {
  const vec x = inputs();
  const w1_step step{&x};
  for (auto _ : state) {
    vec s(width, 0.0);
    for (int t = 0; t < steps; ++t)
      s = step(s);
    benchmark::DoNotOptimize(s.data());
  }
}
BENCHMARK(BM_PlainLoop)->Unit(benchmark::kMillisecond);

void BM_CheckpointedLoop(benchmark::State &state) {
  const vec x = inputs();
  const w1_step step{&x};
  for (auto _ : state) {
    auto [s, checkpoints] =
        tangent::checkpointed_loop(step, vec(width, 0.0), steps);
    benchmark::DoNotOptimize(s.data());
    benchmark::DoNotOptimize(checkpoints.size());
  }
}
BENCHMARK(BM_CheckpointedLoop)->Unit(benchmark::kMillisecond);

} // namespace
