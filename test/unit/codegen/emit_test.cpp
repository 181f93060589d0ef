//===- emit_test.cpp - generated code built as a tree, printed once -------===//
#include "codegen/Emit.h"
#include "ir_builder.h"
#include <gtest/gtest.h>

using namespace tangent;

TEST(Emit, CodeIndentsBlocks) {
  Code c;
  c.openIf("a");
  c.statement("x = 1;");
  c.openElse();
  c.statement("x = 2;");
  c.close();
  EXPECT_EQ(c.str(), "if (a) {\n  x = 1;\n} else {\n  x = 2;\n}\n");
}

TEST(Emit, ControlFlowIsStructure) {
  // A loop holds its header's parts and its body; nothing is spelled by
  // the caller but the leaves.
  Code c;
  c.openFor({"int i = 0", "i < n", "++i"});
  c.statement("s += x[i];");
  c.openDo();
  c.statement("k = k / 2;");
  c.closeDoWhile("k > 1");
  c.close();
  ASSERT_EQ(c.code().size(), 1u);
  const CppStmt &loop = c.code()[0];
  EXPECT_EQ(loop.kind, CppStmt::Kind::For);
  EXPECT_EQ(loop.header.cond, "i < n");
  ASSERT_EQ(loop.body.size(), 2u);
  EXPECT_EQ(loop.body[1].kind, CppStmt::Kind::DoWhile);
  EXPECT_EQ(c.str(1), "  for (int i = 0; i < n; ++i) {\n"
                      "    s += x[i];\n"
                      "    do {\n"
                      "      k = k / 2;\n"
                      "    } while (k > 1);\n"
                      "  }\n");
}

TEST(Emit, EveryConstructPrints) {
  Code c;
  c.comment("reverse");
  c.pragma("omp parallel for");
  c.openFor({"long long k = n", "k-- > 0", ""});
  c.close();
  c.openWhile("go");
  c.close();
  c.openBlock();
  c.openLambda("advance", "long long b, long long e");
  c.statement("run(b, e);");
  c.close();
  c.close();
  c.blank();
  c.openFunction("inline void f(double x)");
  c.close();
  EXPECT_EQ(c.str(), "// reverse\n"
                     "#pragma omp parallel for\n"
                     "for (long long k = n; k-- > 0;) {\n"
                     "}\n"
                     "while (go) {\n"
                     "}\n"
                     "{\n"
                     "  auto advance = [&](long long b, long long e) {\n"
                     "    run(b, e);\n"
                     "  };\n"
                     "}\n"
                     "\n"
                     "inline void f(double x) {\n"
                     "}\n");
}

TEST(Emit, AppendGoesIntoTheOpenConstruct) {
  Code inner, outer;
  inner.statement("y = 2;");
  outer.openIf("c");
  outer.append(inner);
  outer.openElse();
  outer.append(inner);
  outer.close();
  ASSERT_EQ(outer.code().size(), 1u);
  EXPECT_EQ(outer.code()[0].body.size(), 1u);
  EXPECT_EQ(outer.code()[0].orelse.size(), 1u);
}

TEST(Emit, CodeKnowsWhetherItRecords) {
  // Generation never searches its own text for the tape: the buffer knows.
  Code plain, member, helper, outer;
  plain.statement("x = 1;");
  member.record("tape.push(x);");
  helper.recordVia("tangent::detail::push_range(tape, v, 0, n);");
  EXPECT_FALSE(plain.records());
  EXPECT_TRUE(member.records());
  EXPECT_TRUE(member.recordsThroughMembers());
  EXPECT_TRUE(helper.records());
  EXPECT_FALSE(helper.recordsThroughMembers());
  outer.openFor({"int i = 0", "i < n", "++i"});
  outer.append(plain);
  EXPECT_FALSE(outer.records());
  outer.append(member);
  outer.close();
  EXPECT_TRUE(outer.records()); // through the block appended
  // The answer is read from Record nodes: a restore is not a record, and
  // a record inside a construct still open counts.
  Code restores, open;
  restores.restore("const double r = tape.pop<double>();");
  EXPECT_FALSE(restores.records());
  open.openIf("c");
  open.record("tape.push(x);");
  EXPECT_TRUE(open.records());
  open.close();
  ASSERT_EQ(open.code().size(), 1u);
  EXPECT_EQ(open.code()[0].body[0].kind, CppStmt::Kind::Record);
}

TEST(Emit, AdjointUpdatesAreExpressions) {
  // `d_v[i] += 2.0 * d_r;`, built from IR expressions and printed by the
  // printer; assigned instead of added when the update says so.
  const Type real = test::realType();
  ExprPtr target = makeIndex(makeName("d_v", real), makeName("i", Type()));
  target->type = real;
  ExprPtr value = makeBinary(Op::Mul, makeLiteral("2.0", real),
                             makeName("d_r", real), real);
  const Expr *held = value.get();
  Code c;
  c.update(std::move(target), std::move(value));
  c.update(makeName("d_w", real), makeName("d_r", real), /*assign=*/true);
  ASSERT_EQ(c.code().size(), 2u);
  EXPECT_EQ(c.code()[0].kind, CppStmt::Kind::Update);
  EXPECT_EQ(c.code()[0].value.get(), held); // the expression, not its text
  EXPECT_EQ(c.str(), "d_v[i] += 2.0 * d_r;\nd_w = d_r;\n");
}
