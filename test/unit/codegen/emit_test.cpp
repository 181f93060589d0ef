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
