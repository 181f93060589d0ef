//===- iteration_indices_test.cpp - ranges of indices, counted bounds -----===//
//
// The decisions of analysis/IterationIndices.cpp about the values an index
// takes (loops with constant bounds, sums, remainders), how far a callee
// reaches through a pointer parameter in such a loop; and of
// analysis/LoopAnalysis.cpp about loop bounds the reverse sweep can
// evaluate again (a vector's size whatever its elements, an element of a
// table the function never writes).
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "ir_builder.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

Type pointerType() {
  Type t = realType();
  t.kind = TypeKind::Pointer;
  t.spelling = "double*";
  t.elem_spelling = "double";
  t.elem_real = true;
  return t;
}

Type intVectorType() {
  Type t = vectorType();
  t.spelling = "std::vector<int>";
  t.elem_spelling = "int";
  t.elem_real = false;
  return t;
}

} // namespace

TEST(IterationIndices, AnIndexOfALoopWithConstantBoundsHasItsRange) {
  Builder b;
  Var *x = b.param("x", vectorType(), true, true);
  Var *n = b.param("n", intType());
  Var *k = b.var("k", intType(), VarRole::Induction);
  Var *j = b.var("j", intType(), VarRole::Induction);
  Block body;
  body.push_back(
      b.assign(b.ref(b.fn.result_var), makeIndex(b.ref(x), b.ref(k))));
  b.fn.body.push_back(
      b.forLoop(k, b.integer(0), b.integer(8), std::move(body)));
  Block other;
  other.push_back(
      b.assign(b.ref(b.fn.result_var), makeIndex(b.ref(x), b.ref(j))));
  b.fn.body.push_back(b.forLoop(j, b.integer(0), b.ref(n), std::move(other)));
  IndexRanges ranges = constantRanges(b.fn.body);
  ASSERT_TRUE(ranges.count(k));
  EXPECT_EQ(ranges[k], std::make_pair(0LL, 7LL));
  EXPECT_FALSE(ranges.count(j)); // its bound is not a constant
  long long lo = 0, hi = 0;
  ASSERT_TRUE(rangeOf(*b.bin(Op::Add, b.integer(3), b.ref(k)), ranges, lo, hi));
  EXPECT_EQ(lo, 3);
  EXPECT_EQ(hi, 10);
  ASSERT_TRUE(rangeOf(*b.bin(Op::Sub, b.ref(k), b.integer(2)), ranges, lo, hi));
  EXPECT_EQ(lo, -2);
  EXPECT_EQ(hi, 5);
  ASSERT_TRUE(rangeOf(
      *b.bin(Op::Rem, b.bin(Op::Add, b.ref(k), b.integer(1)), b.integer(3)),
      ranges, lo, hi));
  EXPECT_EQ(lo, 0);
  EXPECT_EQ(hi, 2);
  EXPECT_FALSE(rangeOf(*b.ref(j), ranges, lo, hi));
}

TEST(IterationIndices, AnIndexReadAfterItsLoopHasNoRange) {
  // for (k = 0; k < 8; ++k) {} then x[k]: k is 8 there.
  Builder b;
  Var *x = b.param("x", vectorType(), true, true);
  Var *k = b.var("k", intType(), VarRole::Induction);
  b.fn.body.push_back(b.forLoop(k, b.integer(0), b.integer(8), Block{}));
  b.fn.body.push_back(
      b.assign(b.ref(b.fn.result_var), makeIndex(b.ref(x), b.ref(k))));
  EXPECT_FALSE(constantRanges(b.fn.body).count(k));
}

TEST(IterationIndices, ACalleesLoopReachesItsRange) {
  // for (k = 0; k < 3; ++k) out[k + c] = 1: 3 + c elements; up to n: all.
  for (int shape = 0; shape < 3; ++shape) {
    Builder callee(false);
    Var *out = callee.param("out", pointerType());
    Var *n = callee.param("n", intType());
    Var *k = callee.var("k", intType(), VarRole::Induction);
    ExprPtr index = shape == 1
                        ? callee.bin(Op::Add, callee.ref(k), callee.integer(1))
                        : callee.ref(k);
    Block body;
    body.push_back(callee.assign(makeIndex(callee.ref(out), std::move(index)),
                                 callee.num(1)));
    callee.fn.body.push_back(callee.forLoop(
        k, callee.integer(0), shape == 2 ? callee.ref(n) : callee.integer(3),
        std::move(body)));
    EXPECT_EQ(pointerExtent(callee.fn, out), shape == 0   ? 3
                                             : shape == 1 ? 4
                                                          : 0);
  }
}

TEST(LoopAnalysis, ASizeIsInvariantWhateverTheElements) {
  // y(n); for (i = 0; i < y.size(); ++i) y[i] = x[i]: counted.
  Builder b;
  Var *x = b.param("x", vectorType(), true, true);
  Var *y = b.var("y", vectorType());
  Var *i = b.var("i", intType(), VarRole::Induction);
  auto make = std::make_unique<Stmt>();
  make->kind = StmtKind::Construct;
  make->var = y;
  make->args.push_back(makeSize(b.ref(x)));
  b.fn.body.push_back(std::move(make));
  Block body;
  body.push_back(
      b.assign(makeIndex(b.ref(y), b.ref(i)), makeIndex(b.ref(x), b.ref(i))));
  b.fn.body.push_back(
      b.forLoop(i, b.integer(0), makeSize(b.ref(y)), std::move(body)));
  classifyLoops(b.fn);
  EXPECT_EQ(b.fn.body.back()->loop->form, LoopInfo::Form::Counted);
}

TEST(LoopAnalysis, AnElementOfATableNeverWrittenIsAnInvariantBound) {
  // for (i = 0; i < sizes[r]; ++i): counted; a floating table's element or
  // one the function writes is not a bound the reverse sweep re-reads.
  for (int shape = 0; shape < 3; ++shape) {
    Builder b;
    Var *sizes = b.param("sizes", intVectorType(), true, shape != 2);
    Var *weights = b.param("w", vectorType(), true, true);
    Var *r = b.param("r", intType());
    Var *i = b.var("i", intType(), VarRole::Induction);
    ExprPtr bound =
        shape == 1 ? makeCast(intType(), makeIndex(b.ref(weights), b.ref(r)))
                   : makeIndex(b.ref(sizes), b.ref(r));
    Block body;
    body.push_back(
        b.assign(b.ref(b.fn.result_var), makeIndex(b.ref(weights), b.ref(i))));
    if (shape == 2)
      body.push_back(
          b.assign(makeIndex(b.ref(sizes), b.integer(0)), b.integer(1)));
    b.fn.body.push_back(
        b.forLoop(i, b.integer(0), std::move(bound), std::move(body)));
    classifyLoops(b.fn);
    EXPECT_EQ(b.fn.body.back()->loop->form == LoopInfo::Form::Counted,
              shape == 0)
        << "shape " << shape;
  }
}
