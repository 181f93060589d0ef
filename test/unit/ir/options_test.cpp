//===- options_test.cpp - options printed as C++ and in remarks -----------===//
#include "ir/Options.h"
#include <gtest/gtest.h>

using namespace tangent;

TEST(Options, DefaultsPrintAsEmptyBraces) {
  EXPECT_EQ(optionsLiteral(Options{}), "tangent::options{}");
  EXPECT_EQ(requestName("f", Options{}), "grad<f>");
  EXPECT_EQ(requestName("ns::g<int>", Options{}), "grad<ns::g<int>>");
}

TEST(Options, EachNonDefaultFieldIsADesignatedInitializer) {
  Options o;
  o.checkpoint = true;
  EXPECT_EQ(optionsLiteral(o), "tangent::options{.checkpoint = true}");
  o = Options{};
  o.min_length = 7;
  EXPECT_EQ(optionsLiteral(o), "tangent::options{.min_length = 7}");
  o = Options{};
  o.budget = 5;
  EXPECT_EQ(optionsLiteral(o), "tangent::options{.budget = 5}");
  o = Options{};
  o.optimized = false;
  EXPECT_EQ(optionsLiteral(o), "tangent::options{.optimized = false}");
  o = Options{};
  o.wrt = wrt_params(0, 2);
  EXPECT_EQ(optionsLiteral(o),
            "tangent::options{.wrt = tangent::wrt_params(0, 2)}");
}

TEST(Options, FieldsPrintInDeclarationOrder) {
  // Set in reverse order: printed as declared (designated initializers
  // must follow the declaration order to compile).
  Options o;
  o.wrt = wrt_params(1);
  o.optimized = false;
  o.budget = 4;
  o.min_length = 10;
  o.checkpoint = true;
  EXPECT_EQ(optionsLiteral(o),
            "tangent::options{.checkpoint = true, .min_length = 10, "
            ".budget = 4, .optimized = false, "
            ".wrt = tangent::wrt_params(1)}");
  EXPECT_EQ(requestName("f", o),
            "grad<f, options{.checkpoint = true, .min_length = 10, "
            ".budget = 4, .optimized = false, .wrt = tangent::wrt_params(1)}>");
}

TEST(Options, WrtListsTheSelectedParameters) {
  Options o;
  o.wrt = wrt_params(0, 2);
  EXPECT_EQ(requestName("f", o),
            "grad<f, options{.wrt = tangent::wrt_params(0, 2)}>");
  o.wrt = wrt_params(3, 63);
  EXPECT_EQ(optionsLiteral(o),
            "tangent::options{.wrt = tangent::wrt_params(3, 63)}");
  EXPECT_TRUE(selectsParam(o, 3));
  EXPECT_TRUE(selectsParam(o, 63));
  EXPECT_FALSE(selectsParam(o, 0));
  EXPECT_FALSE(selectsParam(o, 64));
  EXPECT_FALSE(selectsParam(o, -1));
}

TEST(Options, ALiteralReadsBackAsTheSameOptions) {
  // The printed literal is C++ for the same value: compare with what the
  // compiler makes of the same designated initializers.
  constexpr Options o{.checkpoint = true, .budget = 8, .wrt = wrt_params(0, 2)};
  EXPECT_EQ(optionsLiteral(o),
            "tangent::options{.checkpoint = true, "
            ".budget = 8, .wrt = tangent::wrt_params(0, 2)}");
}
