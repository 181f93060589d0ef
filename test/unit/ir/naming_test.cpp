//===- naming_test.cpp - generated names never collide --------------------===//
#include "ir/Naming.h"
#include <gtest/gtest.h>

using namespace tangent;

TEST(Naming, FreshNamesAvoidUserNames) {
  NameScope scope;
  scope.reserve("d_x");
  scope.reserve("tape");
  EXPECT_EQ(scope.claim("x"), "x");
  EXPECT_EQ(scope.fresh("d_x"), "d_x_2");
  EXPECT_EQ(scope.fresh("tape"), "tape_2");
  EXPECT_EQ(scope.fresh("v"), "v");
  EXPECT_EQ(scope.fresh("v"), "v_2");
  // A second user variable with a taken name gets a variant.
  EXPECT_EQ(scope.claim("x"), "x_2");
}

TEST(Naming, TypeSpellingsAreReserved) {
  // Generated code spells the user's types: a local named like one would
  // hide it from the code after it.
  NameScope scope;
  scope.reserveIdentifiers("const ns::Box<taken, 3> &");
  EXPECT_EQ(scope.fresh("taken"), "taken_2");
  EXPECT_EQ(scope.fresh("Box"), "Box_2");
  EXPECT_EQ(scope.fresh("ns"), "ns_2");
  EXPECT_EQ(scope.fresh("v"), "v");
  // User variables keep their names.
  EXPECT_EQ(scope.claim("Box"), "Box");
}
