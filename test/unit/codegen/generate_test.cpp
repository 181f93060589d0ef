//===- generate_test.cpp - generated sweeps -------------------------------===//
#include "analysis/Analysis.h"
#include "codegen/Generate.h"
#include "ir/Printer.h"
#include "ir_builder.h"
#include "rules/Rules.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

Analyzed analyze(Function &fn, const Options &o = Options{}) {
  return analyzeFunction(fn, o);
}

bool contains(const std::string &text, const std::string &what) {
  return text.find(what) != std::string::npos;
}

/// How many times `what` occurs in `text`.
size_t occurrences(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos;
       p = text.find(what, p + 1))
    ++n;
  return n;
}

} // namespace

TEST(Generate, TanhRecordsItsResultOnly) {
  // result = tanh(x * 1.5)
  Builder b;
  Var *x = b.param("x", realType());
  auto call = std::make_unique<Expr>();
  call->kind = ExprKind::Math;
  call->rule = findFunctionRule("tanh");
  call->text = "std::tanh";
  call->type = realType();
  call->ops.push_back(
      Builder::bin(Op::Mul, Builder::ref(x), Builder::num(1.5)));
  b.fn.body.push_back(
      Builder::assign(Builder::ref(b.fn.result_var), std::move(call)));
  GeneratedFunction g = generateAdjoint(b.fn, analyze(b.fn), Options{}, "f");
  EXPECT_TRUE(contains(g.text, "const double v = std::tanh(x * 1.500000);"))
      << g.text;
  EXPECT_TRUE(contains(g.text, "tape.push(v);")) << g.text;
  // One record only: the value of tanh, nothing for x.
  EXPECT_EQ(occurrences(g.text, "tape.push"), 1u) << g.text;
  EXPECT_TRUE(contains(g.text, "(1 - v_2 * v_2)")) << g.text;
}

TEST(Generate, CountedLoopRunsBackwardsWithoutRecords) {
  // s = 0; for (i = 0; i < 100; ++i) s = s + x; result = s
  Builder b;
  Var *x = b.param("x", realType());
  Var *s = b.var("s", realType());
  Var *i = b.var("i", intType(), VarRole::Induction);
  b.fn.body.push_back(Builder::assign(Builder::ref(s), Builder::num(0)));
  Block body;
  body.push_back(
      Builder::assign(Builder::ref(s),
                      Builder::bin(Op::Add, Builder::ref(s), Builder::ref(x))));
  b.fn.body.push_back(b.forLoop(i, Builder::integer(0), Builder::integer(100),
                                std::move(body), 3));
  b.fn.body.push_back(
      Builder::assign(Builder::ref(b.fn.result_var), Builder::ref(s)));
  GeneratedFunction g = generateAdjoint(b.fn, analyze(b.fn), Options{}, "f");
  EXPECT_TRUE(contains(g.text, "for (int i = 0; i < 100; ++i)")) << g.text;
  EXPECT_TRUE(contains(g.text, "for (int i = 100; i-- > 0;)")) << g.text;
  EXPECT_FALSE(contains(g.text, "tape.push")) << g.text;
  EXPECT_TRUE(contains(g.text, "d_x += d_s;")) << g.text;
}

TEST(Generate, SegmentsSnapshotTheCarriedState) {
  Builder b;
  Var *x = b.param("x", realType());
  Var *s = b.var("s", realType());
  Var *i = b.var("i", intType(), VarRole::Induction);
  b.fn.body.push_back(Builder::assign(Builder::ref(s), Builder::num(0)));
  Block body;
  body.push_back(
      Builder::assign(Builder::ref(s),
                      Builder::bin(Op::Mul, Builder::ref(s), Builder::ref(x))));
  b.fn.body.push_back(b.forLoop(i, Builder::integer(0), Builder::integer(400),
                                std::move(body), 3));
  b.fn.body.push_back(
      Builder::assign(Builder::ref(b.fn.result_var), Builder::ref(s)));
  Options o;
  o.checkpoint = true;
  GeneratedFunction g = generateAdjoint(b.fn, analyze(b.fn, o), o, "f");
  EXPECT_TRUE(contains(g.text, "tangent::detail::segment_length(")) << g.text;
  EXPECT_TRUE(contains(g.text, "if (k % L == 0)")) << g.text;
  EXPECT_TRUE(contains(g.text, "replay the segment, taped")) << g.text;
  EXPECT_TRUE(contains(g.text, "snapshot {s}")) << g.text;
}

TEST(Generate, CalleeIsASplitPair) {
  // g(x) = x * x, a callee: its forward records, its reverse consumes, and
  // the caller's adjoint of x is a reference parameter of the reverse.
  Builder b(/*top=*/false);
  Var *x = b.param("x", realType());
  b.fn.body.push_back(
      Builder::assign(Builder::ref(b.fn.result_var),
                      Builder::bin(Op::Mul, Builder::ref(x), Builder::ref(x))));
  GeneratedFunction g = generateAdjoint(b.fn, analyze(b.fn), Options{}, "g");
  const std::string declarations = printCpp(g.declarations);
  EXPECT_TRUE(contains(declarations, naming::forward("g") + "(")) << g.text;
  EXPECT_TRUE(contains(declarations, naming::reverse("g") + "(")) << g.text;
  EXPECT_TRUE(contains(declarations, "double& d_x")) << declarations;
  // The definitions are a tree: two functions (a blank line between them
  // and each one's comment around).
  int functions = 0;
  for (const CppStmt &s : g.code)
    functions += s.kind == CppStmt::Kind::Function;
  EXPECT_EQ(functions, 2) << g.text;
  EXPECT_EQ(g.entry, "g");
}

TEST(Generate, OverwriteRecordsTheOldValueOnce) {
  // s = x * x; s = s * x; result = s: the reverse of the second statement
  // reads the s it overwrote, so that value (and only it) is recorded.
  Builder b;
  Var *x = b.param("x", realType());
  Var *s = b.var("s", realType());
  b.fn.body.push_back(Builder::assign(
      Builder::ref(s), Builder::bin(Op::Mul, Builder::ref(x), Builder::ref(x)),
      1));
  b.fn.body.push_back(Builder::assign(
      Builder::ref(s), Builder::bin(Op::Mul, Builder::ref(s), Builder::ref(x)),
      2));
  b.fn.body.push_back(
      Builder::assign(Builder::ref(b.fn.result_var), Builder::ref(s)));
  GeneratedFunction g = generateAdjoint(b.fn, analyze(b.fn), Options{}, "f");
  EXPECT_TRUE(contains(g.text, "tape.push(s);")) << g.text;
  EXPECT_EQ(occurrences(g.text, "tape.push"), 1u) << g.text;
}

TEST(Generate, UnoptimizedRecordsEveryOverwrite) {
  // The same function with optimized = false: every variable is active and
  // read everywhere, so both writes of s record.
  Builder b;
  Var *x = b.param("x", realType());
  Var *s = b.var("s", realType());
  b.fn.body.push_back(Builder::assign(Builder::ref(s), Builder::num(1), 1));
  b.fn.body.push_back(Builder::assign(
      Builder::ref(s), Builder::bin(Op::Mul, Builder::ref(s), Builder::ref(x)),
      2));
  b.fn.body.push_back(
      Builder::assign(Builder::ref(b.fn.result_var), Builder::ref(s)));
  Options o;
  o.optimized = false;
  Analyzed a = analyze(b.fn, o);
  EXPECT_EQ(a.activity.active.size(), 3u); // x, s, result
  GeneratedFunction g = generateAdjoint(b.fn, a, o, "f");
  EXPECT_TRUE(contains(g.text, "tape.push(s);")) << g.text;
}

TEST(Generate, AdjointsApplyTheRuleRowsAsExpressions) {
  // result = x * y / x: each operand's adjoint is its row of Rules.def built
  // on the seed, printed once (no row text substituted into strings).
  Builder b;
  Var *x = b.param("x", realType());
  Var *y = b.param("y", realType());
  b.fn.body.push_back(Builder::assign(
      Builder::ref(b.fn.result_var),
      Builder::bin(Op::Div,
                   Builder::bin(Op::Mul, Builder::ref(x), Builder::ref(y)),
                   Builder::ref(x))));
  GeneratedFunction g = generateAdjoint(b.fn, analyze(b.fn), Options{}, "f");
  // The product's seed, `d / x`, feeds two rows: bound once to a local;
  // the quotient's, a name, is repeated.
  EXPECT_TRUE(contains(g.text, "const double d_2 = d / x;")) << g.text;
  EXPECT_TRUE(contains(g.text, "d_x += d_2 * y;")) << g.text;
  EXPECT_TRUE(contains(g.text, "d_y += x * d_2;")) << g.text;
  EXPECT_TRUE(contains(g.text, "d_x += -d * (x * y) / (x * x);")) << g.text;
}

TEST(Generate, RecordBlocksAreNamedOnceAndSizedAfterTheBody) {
  // for (i = 0; i < 10; ++i) { s = s * x; t = t * s; }: two doubles per
  // iteration go to one block, generated in one pass over the body.
  Builder b;
  Var *x = b.param("x", realType());
  Var *s = b.var("s", realType());
  Var *t = b.var("t", realType());
  Var *i = b.var("i", intType(), VarRole::Induction);
  b.fn.body.push_back(Builder::assign(Builder::ref(s), Builder::ref(x)));
  b.fn.body.push_back(Builder::assign(Builder::ref(t), Builder::ref(x)));
  Block body;
  body.push_back(Builder::assign(
      Builder::ref(s), Builder::bin(Op::Mul, Builder::ref(s), Builder::ref(x)),
      4));
  body.push_back(Builder::assign(
      Builder::ref(t), Builder::bin(Op::Mul, Builder::ref(t), Builder::ref(s)),
      5));
  b.fn.body.push_back(b.forLoop(i, Builder::integer(0), Builder::integer(10),
                                std::move(body), 3));
  b.fn.body.push_back(
      Builder::assign(Builder::ref(b.fn.result_var),
                      Builder::bin(Op::Add, Builder::ref(s), Builder::ref(t))));
  GeneratedFunction g = generateAdjoint(b.fn, analyze(b.fn), Options{}, "f");
  EXPECT_EQ(occurrences(g.text, "push_block<double>"), 1u) << g.text;
  EXPECT_EQ(occurrences(g.text, "pop_block<double>"), 1u) << g.text;
  EXPECT_TRUE(contains(g.text, "constexpr std::size_t per_iteration = 2;"))
      << g.text;
  EXPECT_TRUE(contains(g.text, "i * per_iteration + 1")) << g.text;
  EXPECT_FALSE(contains(g.text, "tape.push(")) << g.text;
}
