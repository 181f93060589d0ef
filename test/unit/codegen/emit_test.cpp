//===- emit_test.cpp - the buffer generated code is written into ----------===//
#include "codegen/Emit.h"
#include <gtest/gtest.h>

using namespace tangent;

TEST(Emit, CodeIndentsBlocks) {
  Code c;
  c.open("if (a)");
  c.line("x = 1;");
  c.reopen("else");
  c.line("x = 2;");
  c.close();
  EXPECT_EQ(c.str(), "if (a) {\n  x = 1;\n} else {\n  x = 2;\n}\n");
}

TEST(Emit, CodeKnowsWhetherItRecords) {
  // Generation never searches its own text for the tape: the buffer knows.
  Code plain, member, helper, outer;
  plain.line("x = 1;");
  member.record("tape.push(x);");
  helper.recordVia("tangent::detail::push_range(tape, v, 0, n);");
  EXPECT_FALSE(plain.records());
  EXPECT_TRUE(member.records());
  EXPECT_TRUE(member.recordsThroughMembers());
  EXPECT_TRUE(helper.records());
  EXPECT_FALSE(helper.recordsThroughMembers());
  outer.open("for (int i = 0; i < n; ++i)");
  outer.append(plain);
  EXPECT_FALSE(outer.records());
  outer.append(member);
  outer.close();
  EXPECT_TRUE(outer.records()); // through the block appended
}
