//===- includes_test.cpp - the runtime headers generated code includes ----===//
#include "codegen/Binding.h"
#include <gtest/gtest.h>

#include <algorithm>

using namespace tangent;

namespace {

bool has(const std::vector<std::string> &headers, const std::string &h) {
  return std::find(headers.begin(), headers.end(), h) != headers.end();
}

} // namespace

TEST(RuntimeIncludes, PlainCodeGetsTheTapeAndHelpersOnly) {
  const auto h = runtimeIncludes(
      "tangent::tape &tape = tangent::thread_tape();\n"
      "std::byte *const r = tangent::detail::push_block<double>(tape, 0, n, "
      "1);\n"
      "namespace tangent::generated {}\n"
      "template <> struct adjoint<&f, tangent::options{}> {};\n");
  EXPECT_EQ(h, (std::vector<std::string>{"tangent/grad.hpp", "tangent/tape.hpp",
                                         "tangent/support.hpp"}));
}

TEST(RuntimeIncludes, CheckpointedAndParallelLoopsGetTheirHeaders) {
  const auto h = runtimeIncludes(
      "tangent::checkpointed_reversal<S, tangent::online_schedule> r;\n"
      "auto c = tangent::detail::omp_private(d_x, threads);\n");
  EXPECT_TRUE(has(h, "tangent/schedule/driver.hpp"));
  EXPECT_TRUE(has(h, "tangent/schedule/online.hpp"));
  EXPECT_FALSE(has(h, "tangent/schedule/parallel.hpp"));
  EXPECT_TRUE(has(h, "tangent/openmp.hpp"));
  EXPECT_FALSE(has(h, "tangent/tangent.hpp"));
}

TEST(RuntimeIncludes, AForwardBindingGetsForwardMode) {
  // Specialized inside `namespace tangent`, unqualified.
  const auto h = runtimeIncludes(
      "namespace tangent {\ntemplate <> struct tangent_linear<&f, "
      "tangent::options{}> {};\n}\n");
  EXPECT_TRUE(has(h, "tangent/forward.hpp"));
  EXPECT_FALSE(has(h, "tangent/tangent.hpp"));
}

TEST(RuntimeIncludes, AnUnlistedNameGetsTheWholeRuntime) {
  const auto h = runtimeIncludes("tangent::some_new_helper(x);\n");
  EXPECT_TRUE(has(h, "tangent/tangent.hpp"));
}

TEST(RuntimeIncludes, CommentsAndLiteralsAreNotNames) {
  const auto h = runtimeIncludes(
      "// annotate with [[tangent::checkpoint]] for online checkpointing\n"
      "tangent::detail::require_distinct(a, b, \"tangent::f\", \"a\", "
      "\"b\");\n"
      "my_tangent::stats s;\n");
  EXPECT_FALSE(has(h, "tangent/tangent.hpp"));
  EXPECT_TRUE(has(h, "tangent/detail/arguments.hpp"));
}
