// checkpointed_loop and the schedule arithmetic behind it.
#include "expect_throw.hpp"

#include <tangent/checkpoint.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace {

using tangent_test::expect_invalid_argument;
using vec = std::vector<double>;

vec rnn_step(const vec &s) {
  vec out(s.size());
  for (std::size_t j = 0; j < s.size(); ++j)
    out[j] = std::tanh(s[j] * 1.1 + 0.1);
  return out;
}

TEST(CheckpointedLoop, ApiExample) {
  const vec x0(512, 0.0);
  auto [final_state, checkpoints] =
      tangent::checkpointed_loop(rnn_step, x0, 1000, 31);
  EXPECT_EQ(checkpoints.size(), 31u);
  // Checkpoint i holds the state before iteration i: compare with a plain
  // loop.
  vec s = x0;
  std::map<int, vec> expected;
  const auto positions = tangent::compute_checkpoint_positions(1000, 31);
  const std::set<int> wanted(positions.begin(), positions.end());
  for (int i = 0; i < 1000; ++i) {
    if (wanted.count(i))
      expected[i] = s;
    s = rnn_step(s);
  }
  EXPECT_EQ(final_state, s);
  EXPECT_EQ(checkpoints, expected);
  EXPECT_EQ(checkpoints.at(0), x0);
}

TEST(CheckpointedLoop, DefaultIsSqrtCheckpoints) {
  auto [final_state, checkpoints] =
      tangent::checkpointed_loop([](double s) { return s + 1; }, 0.0, 100);
  EXPECT_EQ(final_state, 100.0);
  EXPECT_EQ(checkpoints.size(), 10u);
  for (const auto &[i, s] : checkpoints)
    EXPECT_EQ(s, static_cast<double>(i)); // deep copy of state_i
}

TEST(CheckpointedLoop, AnyCopyableState) {
  using lstm = std::tuple<vec, vec>;
  auto step = [](const lstm &st) {
    auto [h, c] = st;
    for (auto &v : h)
      v += 1;
    for (auto &v : c)
      v *= 2;
    return lstm{h, c};
  };
  auto [fin, ck] =
      tangent::checkpointed_loop(step, lstm{vec(2, 0.0), vec(2, 1.0)}, 10, 3);
  EXPECT_EQ(std::get<0>(fin), vec(2, 10.0));
  EXPECT_EQ(std::get<1>(fin), vec(2, 1024.0));
  EXPECT_EQ(ck.size(), 3u);
  EXPECT_EQ(std::get<0>(ck.at(3)), vec(2, 3.0));

  auto [a, ack] = tangent::checkpointed_loop(
      [](std::array<int, 2> s) {
        return std::array<int, 2>{s[1], s[0] + s[1]};
      },
      std::array<int, 2>{0, 1}, 10, 2);
  EXPECT_EQ(a[0], 55);
  EXPECT_EQ(ack.at(5)[0], 5);

  struct body {
    vec x;
    int steps = 0;
  };
  auto [b, bck] = tangent::checkpointed_loop(
      [](const body &s) {
        body n = s;
        n.x.push_back(1.0);
        ++n.steps;
        return n;
      },
      body{}, 6, 6);
  EXPECT_EQ(b.steps, 6);
  EXPECT_EQ(bck.size(), 6u);
  EXPECT_EQ(bck.at(4).x.size(), 4u);
}

TEST(CheckpointedLoop, EmptyLoop) {
  auto [fin, ck] =
      tangent::checkpointed_loop([](int s) { return s + 1; }, 7, 0);
  EXPECT_EQ(fin, 7);
  EXPECT_TRUE(ck.empty());
  auto [fin0, ck0] =
      tangent::checkpointed_loop([](int s) { return s + 1; }, 7, 5, 0);
  EXPECT_EQ(fin0, 12);
  EXPECT_TRUE(ck0.empty());
}

TEST(CheckpointedLoop, BadInputThrows) {
  auto step = [](int s) { return s; };
  expect_invalid_argument([&] { tangent::checkpointed_loop(step, 0, -1); },
                          "seq_length");
  expect_invalid_argument([&] { tangent::checkpointed_loop(step, 0, 10, -2); },
                          "num_checkpoints");
  expect_invalid_argument([&] { tangent::checkpointed_loop(step, 0, 10, 11); },
                          "num_checkpoints");
}

TEST(CheckpointPositions, EvenlySpacedFromZero) {
  const auto p = tangent::compute_checkpoint_positions(1000, 31);
  ASSERT_EQ(p.size(), 31u);
  EXPECT_EQ(p.front(), 0);
  for (std::size_t i = 1; i < p.size(); ++i) {
    EXPECT_GT(p[i], p[i - 1]);
    EXPECT_GE(p[i] - p[i - 1], 32);
    EXPECT_LE(p[i] - p[i - 1], 33);
    EXPECT_EQ(p[i], static_cast<int>(i * 1000 / 31));
  }
  EXPECT_LT(p.back(), 1000);
  EXPECT_TRUE(tangent::compute_checkpoint_positions(10, 0).empty());
  EXPECT_EQ(tangent::compute_checkpoint_positions(5, 5),
            (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(tangent::compute_checkpoint_positions(10, 3),
            (std::vector<int>{0, 3, 6}));
  EXPECT_TRUE(tangent::compute_checkpoint_positions(0, 0).empty());
}

TEST(CheckpointPositions, BadInputThrows) {
  expect_invalid_argument([] { tangent::compute_checkpoint_positions(-1, 0); },
                          "seq_length");
  expect_invalid_argument([] { tangent::compute_checkpoint_positions(10, -1); },
                          "num_checkpoints");
  expect_invalid_argument([] { tangent::compute_checkpoint_positions(10, 11); },
                          "num_checkpoints");
}

TEST(OptimalCheckpoints, FloorSqrt) {
  EXPECT_EQ(tangent::compute_optimal_checkpoints(0), 0);
  EXPECT_EQ(tangent::compute_optimal_checkpoints(1), 1);
  EXPECT_EQ(tangent::compute_optimal_checkpoints(3), 1);
  EXPECT_EQ(tangent::compute_optimal_checkpoints(4), 2);
  EXPECT_EQ(tangent::compute_optimal_checkpoints(1000), 31);
  EXPECT_EQ(tangent::compute_optimal_checkpoints(2000), 44);
  EXPECT_EQ(tangent::compute_optimal_checkpoints(1000000), 1000);
  EXPECT_EQ(tangent::compute_optimal_checkpoints(999999), 999);
  EXPECT_EQ(tangent::compute_optimal_checkpoints(1000, 8), 8);
  EXPECT_EQ(tangent::compute_optimal_checkpoints(9, 8), 3);
  expect_invalid_argument([] { tangent::compute_optimal_checkpoints(-5); },
                          "seq_length");
  expect_invalid_argument([] { tangent::compute_optimal_checkpoints(5, -1); },
                          "max_checkpoints");
}

/// recomputation_factor by its definition: the mean over steps of the
/// distance to the nearest checkpoint at or before the step.
double mean_distance(int n, int k) {
  const auto p = tangent::compute_checkpoint_positions(n, k);
  double total = 0;
  for (int j = 0; j < n; ++j) {
    int nearest = 0;
    for (int q : p)
      if (q <= j)
        nearest = q;
    total += j - nearest;
  }
  return total / n;
}

TEST(MemorySavings, ApiExample) {
  const auto s = tangent::get_memory_savings(1000);
  EXPECT_EQ(s.without_checkpointing, 1000);
  EXPECT_EQ(s.with_checkpointing, 31);
  EXPECT_EQ(s.num_checkpoints, 31);
  EXPECT_NEAR(s.savings_percent, 96.9, 1e-9);
  EXPECT_NEAR(s.savings_ratio, 0.969, 1e-12);
  EXPECT_NEAR(s.recomputation_factor, mean_distance(1000, 31), 1e-12);
  EXPECT_NEAR(s.recomputation_factor, (1000.0 / 31 - 1) / 2, 0.5);
}

TEST(MemorySavings, ExplicitCountsAndEdgeCases) {
  for (int k : {1, 2, 7, 10, 100}) {
    const auto s = tangent::get_memory_savings(100, k);
    EXPECT_EQ(s.with_checkpointing, k);
    EXPECT_NEAR(s.savings_percent, 100.0 * (1 - k / 100.0), 1e-9);
    EXPECT_NEAR(s.recomputation_factor, mean_distance(100, k), 1e-12);
  }
  EXPECT_EQ(tangent::get_memory_savings(100, 100).recomputation_factor, 0.0);
  const auto none = tangent::get_memory_savings(100, 0);
  EXPECT_EQ(none.savings_percent, 100.0);
  EXPECT_NEAR(none.recomputation_factor, 99 / 2.0, 1e-12);
  const auto empty = tangent::get_memory_savings(0);
  EXPECT_EQ(empty.without_checkpointing, 0);
  EXPECT_EQ(empty.with_checkpointing, 0);
  EXPECT_EQ(empty.savings_percent, 0.0);
  EXPECT_EQ(empty.savings_ratio, 0.0);
  EXPECT_EQ(empty.recomputation_factor, 0.0);
}

TEST(MemorySavings, BadInputThrows) {
  expect_invalid_argument([] { tangent::get_memory_savings(-1); },
                          "seq_length");
  expect_invalid_argument([] { tangent::get_memory_savings(10, -2); },
                          "num_checkpoints");
  expect_invalid_argument([] { tangent::get_memory_savings(10, 11); },
                          "num_checkpoints");
}

TEST(EstimateCheckpointSavings, BytesWhenStateSizeIsGiven) {
  const auto e = tangent::estimate_checkpoint_savings(2000, -1, 8000);
  EXPECT_EQ(e.num_checkpoints, 44);
  EXPECT_NEAR(e.savings_percent, 97.8, 1e-9);
  EXPECT_EQ(e.bytes_without_checkpointing, 16000000);
  EXPECT_EQ(e.bytes_with_checkpointing, 44 * 8000);
  EXPECT_EQ(e.bytes_saved, 16000000 - 44 * 8000);
  EXPECT_EQ(e.longest_segment, 46); // floor(j * 2000 / 44) spacing 45 or 46
  EXPECT_EQ(e.bytes_peak_backward, (44 + 46) * 8000);
  EXPECT_NEAR(static_cast<double>(e.recomputed_steps) / 2000,
              e.recomputation_factor, 1e-12);
  const auto no_bytes = tangent::estimate_checkpoint_savings(1000);
  EXPECT_EQ(no_bytes.state_bytes, 0u);
  EXPECT_EQ(no_bytes.bytes_without_checkpointing, 0);
  EXPECT_EQ(no_bytes.bytes_peak_backward, 0);
  EXPECT_NEAR(no_bytes.savings_percent, 96.9, 1e-9);
  expect_invalid_argument(
      [] { tangent::estimate_checkpoint_savings(-3, -1, 8); }, "seq_length");
  expect_invalid_argument([] { tangent::estimate_checkpoint_savings(3, 4, 8); },
                          "num_checkpoints");
}

TEST(ShouldCheckpoint, SavingsAboveThreshold) {
  EXPECT_TRUE(tangent::should_checkpoint(1000));
  EXPECT_FALSE(tangent::should_checkpoint(4)); // ratio 0.5, not above
  EXPECT_TRUE(tangent::should_checkpoint(9));  // 1 - 3/9
  EXPECT_FALSE(tangent::should_checkpoint(1));
  EXPECT_FALSE(tangent::should_checkpoint(0));
  EXPECT_FALSE(tangent::should_checkpoint(1000, 0.99));
  EXPECT_TRUE(tangent::should_checkpoint(1000, 0.9));
  expect_invalid_argument([] { tangent::should_checkpoint(-1); }, "seq_length");
}

} // namespace
