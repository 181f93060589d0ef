// The umbrella header brings in the whole runtime.
#include <tangent/tangent.hpp>

#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

namespace {

double square(double x) { return x * x; }

TEST(Umbrella, EverythingIsReachable) {
  tangent::tape &tp = tangent::thread_tape();
  tp.push(1.0);
  EXPECT_EQ(tp.pop<double>(), 1.0);
  EXPECT_EQ(tangent::compute_optimal_checkpoints(1000), 31);
  EXPECT_EQ(tangent::segment_schedule(2000).length(), 45);
  tangent::snapshots<std::vector<double>> s;
  EXPECT_TRUE(s.empty());
  tangent::stats::reset();
  EXPECT_EQ(tangent::stats::peak_bytes(), tangent::stats::current_bytes());
  // The marker type is usable without the plugin; only calling it needs
  // the generated adjoint.
  using marker = decltype(tangent::grad<square>());
  static_assert(std::is_same_v<marker::gradient_type, double>);
}

} // namespace
