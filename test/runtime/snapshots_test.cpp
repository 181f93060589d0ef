// Snapshot stores and tangent::state_bytes, including its customization.
#include "expect_throw.hpp"

#include <tangent/snapshots.hpp>
#include <tangent/stats.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace user {
/// A state type with heap memory and an ADL customization.
struct particles {
  std::vector<double> x, v;
  double t = 0;
};
inline std::size_t tangent_state_bytes(const particles &p) {
  return tangent::state_bytes(p.x) + tangent::state_bytes(p.v) + sizeof p.t;
}
/// Customized through the trait instead.
struct grid {
  int nx, ny;
};
/// No customization: counted shallowly.
struct plain {
  double a, b, c;
};
} // namespace user

template <> struct tangent::state_size<user::grid> {
  static std::size_t bytes(const user::grid &g) {
    return static_cast<std::size_t>(g.nx * g.ny) * sizeof(double);
  }
};

namespace {

using tangent::state_bytes;

TEST(StateBytes, BuiltInRules) {
  EXPECT_EQ(state_bytes(1.0), sizeof(double));
  EXPECT_EQ(state_bytes(3), sizeof(int));
  EXPECT_EQ(state_bytes(std::vector<double>(1000)), 8000u);
  std::vector<double> reserved(10);
  reserved.reserve(1000); // capacity does not count
  EXPECT_EQ(state_bytes(reserved), 80u);
  EXPECT_EQ(
      state_bytes(std::vector<std::vector<double>>(3, std::vector<double>(4))),
      96u);
  EXPECT_EQ(state_bytes(std::array<double, 5>{}), 40u);
  EXPECT_EQ(state_bytes(std::array<std::vector<float>, 2>{
                std::vector<float>(3), std::vector<float>(1)}),
            16u);
  EXPECT_EQ(state_bytes(std::pair<double, std::vector<int>>{1.0, {1, 2}}), 16u);
  EXPECT_EQ(state_bytes(std::tuple<std::vector<double>, double, int>{
                std::vector<double>(10), 1.0, 2}),
            80u + 8 + 4);
  EXPECT_EQ(state_bytes(std::string("hello")), 5u);
  EXPECT_EQ(state_bytes(std::optional<std::vector<double>>{}), 0u);
  EXPECT_EQ(
      state_bytes(std::optional<std::vector<double>>{std::vector<double>(2)}),
      16u);
  EXPECT_EQ(state_bytes(user::plain{}), sizeof(user::plain));
  EXPECT_EQ(state_bytes(std::vector<user::plain>(4)), 4 * sizeof(user::plain));
}

TEST(StateBytes, Customization) {
  user::particles p{std::vector<double>(10), std::vector<double>(10), 0.5};
  EXPECT_EQ(state_bytes(p), 168u);
  EXPECT_EQ(state_bytes(std::vector<user::particles>(2, p)), 336u);
  EXPECT_EQ(state_bytes(user::grid{10, 20}), 1600u);
  EXPECT_EQ(state_bytes(std::make_tuple(p, user::grid{1, 1})), 176u);
}

TEST(Snapshots, LifoOfAnyCopyableState) {
  const std::size_t base = tangent::stats::current_bytes();
  tangent::snapshots<std::tuple<std::vector<double>, int>> s;
  EXPECT_TRUE(s.empty());
  s.push({std::vector<double>(3, 1.0), 1});
  const std::tuple<std::vector<double>, int> second{std::vector<double>(2), 2};
  s.push(second);
  EXPECT_EQ(s.size(), 2u);
  EXPECT_EQ(s.bytes(), 24u + 4 + 16 + 4);
  EXPECT_EQ(tangent::stats::current_bytes(), base + s.bytes());
  EXPECT_EQ(std::get<1>(s.top()), 2);
  EXPECT_EQ(std::get<1>(s.pop()), 2);
  EXPECT_EQ(std::get<0>(s.pop()), std::vector<double>(3, 1.0));
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(tangent::stats::current_bytes(), base);
}

TEST(Snapshots, StoresCopies) {
  tangent::snapshots<std::vector<double>> s;
  std::vector<double> v = {1, 2};
  s.push(v);
  v[0] = 99;
  EXPECT_EQ(s.top()[0], 1.0);
}

TEST(Snapshots, ClearMoveAndDestructorUncount) {
  const std::size_t base = tangent::stats::current_bytes();
  {
    tangent::snapshots<std::vector<double>> a;
    a.push(std::vector<double>(100));
    tangent::snapshots<std::vector<double>> b(std::move(a));
    EXPECT_EQ(b.size(), 1u);
    EXPECT_EQ(tangent::stats::current_bytes(), base + 800); // counted once
    b.push(std::vector<double>(100));
    b.clear();
    EXPECT_EQ(tangent::stats::current_bytes(), base);
    b.push(std::vector<double>(10));
    a = std::move(b);
    EXPECT_EQ(a.size(), 1u);
  }
  EXPECT_EQ(tangent::stats::current_bytes(), base);
}

TEST(Snapshots, EmptyAccessThrows) {
  tangent::snapshots<double> s;
  EXPECT_THROW((void)s.pop(), std::logic_error);
  EXPECT_THROW((void)s.top(), std::logic_error);
}

TEST(SnapshotSlots, KeyedStoreRestoreTakeFree) {
  const std::size_t base = tangent::stats::current_bytes();
  tangent::snapshot_slots<std::vector<double>> slots;
  slots.store(2, std::vector<double>{1, 2, 3});
  slots.store(0, std::vector<double>{4});
  EXPECT_TRUE(slots.contains(2));
  EXPECT_FALSE(slots.contains(1));
  EXPECT_FALSE(slots.contains(100));
  EXPECT_EQ(slots.size(), 2u);
  EXPECT_EQ(slots.bytes(), 32u);
  EXPECT_EQ(tangent::stats::current_bytes(), base + 32);
  std::vector<double> current(1000, 0.0);
  slots.restore(2, current);
  EXPECT_EQ(current, (std::vector<double>{1, 2, 3}));
  EXPECT_TRUE(slots.contains(2)); // restore keeps the snapshot
  EXPECT_EQ(slots.get(0), std::vector<double>{4});
  EXPECT_EQ(slots.take(0), std::vector<double>{4});
  EXPECT_FALSE(slots.contains(0));
  slots.free(2);
  EXPECT_TRUE(slots.empty());
  EXPECT_EQ(tangent::stats::current_bytes(), base);
}

TEST(SnapshotSlots, EmptySlotAccessThrowsOutOfRange) {
  tangent::snapshot_slots<int> slots;
  slots.store(1, 5);
  int x = 0;
  tangent_test::expect_throw_naming<std::out_of_range>(
      [&] { slots.restore(0, x); }, "slot 0");
  tangent_test::expect_throw_naming<std::out_of_range>([&] { slots.free(7); },
                                                       "slot 7");
  tangent_test::expect_throw_naming<std::out_of_range>(
      [&] { (void)slots.get(2); }, "slot 2");
  tangent_test::expect_throw_naming<std::out_of_range>(
      [&] { (void)slots.take(0); }, "slot 0");
}

} // namespace
