// Activation checkpointing of a layer list: checkpoint_forward and
// checkpoint_recompute.
#include "expect_throw.hpp"

#include <tangent/checkpoint.hpp>

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <vector>

namespace {

using vec = std::vector<double>;
using tangent_test::expect_throw_naming;

/// The API example's layers x*2, x+1, x*3, x-1, counting their calls.
struct counted_layers {
  std::vector<int> calls = std::vector<int>(4, 0);
  std::vector<tangent::layer<vec>> layers() {
    auto map = [this](int index, double (*f)(double)) {
      return tangent::layer<vec>([this, index, f](const vec &x) {
        ++calls[static_cast<std::size_t>(index)];
        vec y(x.size());
        for (std::size_t i = 0; i < x.size(); ++i)
          y[i] = f(x[i]);
        return y;
      });
    };
    return {map(0, [](double v) { return v * 2; }),
            map(1, [](double v) { return v + 1; }),
            map(2, [](double v) { return v * 3; }),
            map(3, [](double v) { return v - 1; })};
  }
};

TEST(CheckpointForward, ApiExample) {
  counted_layers c;
  const auto layers = c.layers();
  auto [output, saved] = tangent::checkpoint_forward(layers, vec{1.0}, {1, 3});
  EXPECT_EQ(output, vec{8.0});
  const std::map<int, vec> expected = {{-1, {1.0}}, {1, {3.0}}, {3, {8.0}}};
  EXPECT_EQ(saved, expected);
  EXPECT_EQ(c.calls, (std::vector<int>{1, 1, 1, 1}));
}

TEST(CheckpointRecompute, ApiExampleRunsOnlyTheLayersAfterTheCheckpoint) {
  counted_layers c;
  const auto layers = c.layers();
  const auto fwd = tangent::checkpoint_forward(layers, vec{1.0}, {1, 3});
  c.calls.assign(4, 0);
  EXPECT_EQ(tangent::checkpoint_recompute(layers, fwd.saved, {1, 3}, 2),
            vec{9.0});
  EXPECT_EQ(c.calls, (std::vector<int>{0, 0, 1, 0})); // only x*3
  c.calls.assign(4, 0);
  EXPECT_EQ(tangent::checkpoint_recompute(layers, fwd.saved, {1, 3}, 0),
            vec{2.0}); // from the input
  EXPECT_EQ(c.calls, (std::vector<int>{1, 0, 0, 0}));
  c.calls.assign(4, 0);
  EXPECT_EQ(tangent::checkpoint_recompute(layers, fwd.saved, {1, 3}, 3),
            vec{8.0}); // key 3 is not strictly below 3: from key 1
  EXPECT_EQ(c.calls, (std::vector<int>{0, 0, 1, 1}));
}

TEST(CheckpointForward, SavesCopiesAndAcceptsBracedLayers) {
  vec x = {1.0, 2.0};
  auto [output, saved] = tangent::checkpoint_forward(
      {[](const vec &v) { return vec{v[0] + v[1]}; },
       [](const vec &v) { return vec{v[0] * 10}; }},
      x, {});
  x[0] = 100;
  EXPECT_EQ(output, vec{30.0});
  EXPECT_EQ(saved.size(), 1u);
  EXPECT_EQ(saved.at(-1), (vec{1.0, 2.0}));
}

TEST(CheckpointForward, NoLayers) {
  auto [output, saved] = tangent::checkpoint_forward(
      std::vector<tangent::layer<double>>{}, 4.0, {});
  EXPECT_EQ(output, 4.0);
  EXPECT_EQ(saved.at(-1), 4.0);
}

TEST(CheckpointLayers, OutOfRangeIndicesThrow) {
  counted_layers c;
  const auto layers = c.layers();
  expect_throw_naming<std::out_of_range>(
      [&] { tangent::checkpoint_forward(layers, vec{1.0}, {1, 4}); },
      "checkpoint index");
  expect_throw_naming<std::out_of_range>(
      [&] { tangent::checkpoint_forward(layers, vec{1.0}, {-1}); },
      "checkpoint index");
  const auto fwd = tangent::checkpoint_forward(layers, vec{1.0}, {1});
  expect_throw_naming<std::out_of_range>(
      [&] { tangent::checkpoint_recompute(layers, fwd.saved, {1}, 4); },
      "layer_idx");
  expect_throw_naming<std::out_of_range>(
      [&] { tangent::checkpoint_recompute(layers, fwd.saved, {1}, -1); },
      "layer_idx");
  expect_throw_naming<std::out_of_range>(
      [&] { tangent::checkpoint_recompute(layers, fwd.saved, {7}, 2); },
      "checkpoint index");
  const std::map<int, vec> no_input = {{2, vec{1.0}}};
  expect_throw_naming<std::invalid_argument>(
      [&] { tangent::checkpoint_recompute(layers, no_input, {2}, 1); },
      "layer_idx");
}

} // namespace
