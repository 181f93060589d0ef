// tangent::tape with TANGENT_TAPE_CHECKS=1 (set for this program by the
// build): pops that do not match the last push throw std::logic_error.
#include <tangent/tape.hpp>

#include <gtest/gtest.h>

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

TEST(TapeChecks, PopFromEmptyThrows) {
  tangent::tape tp;
  EXPECT_THROW((void)tp.pop<int>(), std::logic_error);
  tp.push(1);
  tp.clear(); // clear forgets the log too
  EXPECT_THROW((void)tp.pop<int>(), std::logic_error);
}

} // namespace
