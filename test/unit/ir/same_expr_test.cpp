//===- same_expr_test.cpp - structural comparison and cloning -------------===//
#include "ir/IRWalk.h"
#include "ir_builder.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

/// x * (y + 2.0) over the parameters of a builder.
struct Operands : Builder {
  Var *x = param("x", realType());
  Var *y = param("y", realType());
  ExprPtr product() {
    return bin(Op::Mul, ref(x), bin(Op::Add, ref(y), num(2)));
  }
};

} // namespace

TEST(SameExpr, EqualStructureIsTheSame) {
  Operands o;
  EXPECT_TRUE(sameExpr(*o.product(), *o.product()));
  EXPECT_TRUE(sameExpr(*Builder::ref(o.x), *Builder::ref(o.x)));
}

TEST(SameExpr, EveryPartIsCompared) {
  Operands o;
  ExprPtr e = o.product();
  // Another variable.
  EXPECT_FALSE(
      sameExpr(*e, *Builder::bin(Op::Mul, Builder::ref(o.y),
                                 Builder::bin(Op::Add, Builder::ref(o.y),
                                              Builder::num(2)))));
  // Another operator.
  EXPECT_FALSE(
      sameExpr(*e, *Builder::bin(Op::Div, Builder::ref(o.x),
                                 Builder::bin(Op::Add, Builder::ref(o.y),
                                              Builder::num(2)))));
  // Another literal, deep inside.
  EXPECT_FALSE(
      sameExpr(*e, *Builder::bin(Op::Mul, Builder::ref(o.x),
                                 Builder::bin(Op::Add, Builder::ref(o.y),
                                              Builder::num(3)))));
  // Operands swapped.
  EXPECT_FALSE(sameExpr(
      *e,
      *Builder::bin(Op::Mul,
                    Builder::bin(Op::Add, Builder::ref(o.y), Builder::num(2)),
                    Builder::ref(o.x))));
  // Another kind with the same text: -x against the binary x - x.
  EXPECT_FALSE(
      sameExpr(*makeUnary(Op::Neg, Builder::ref(o.x)),
               *Builder::bin(Op::Sub, Builder::ref(o.x), Builder::ref(o.x))));
  // Same text, another type: a cast to double against one to float.
  Type f = realType();
  f.spelling = "float";
  EXPECT_FALSE(sameExpr(*makeCast(realType(), Builder::ref(o.x)),
                        *makeCast(f, Builder::ref(o.x))));
}

TEST(SameExpr, ACloneIsTheSameAndIndependent) {
  Operands o;
  ExprPtr e = o.product();
  e->active = true;
  ExprPtr c = e->clone();
  EXPECT_TRUE(sameExpr(*e, *c));
  EXPECT_NE(c.get(), e.get());
  EXPECT_NE(c->ops[1].get(), e->ops[1].get());
  EXPECT_TRUE(c->active);
  EXPECT_EQ(c->ops[0]->var, o.x);
  // Changing the clone leaves the original alone.
  c->ops[1]->op = Op::Sub;
  EXPECT_FALSE(sameExpr(*e, *c));
  EXPECT_EQ(e->ops[1]->op, Op::Add);
}

TEST(IsZero, AValueNotASpelling) {
  for (const char *zero : {"0", "0.0", "0.", "0.0f", "0e0", "0.0L", "00.000"})
    EXPECT_TRUE(isZero(*makeLiteral(zero, realType()))) << zero;
  for (const char *other : {"1", "0.5", "1e-300", "-0.0", "0x1", "nan"})
    EXPECT_FALSE(isZero(*makeLiteral(other, realType()))) << other;
  EXPECT_TRUE(isZero(*makeIntLiteral(0, intType())));
  EXPECT_FALSE(isZero(*makeIntLiteral(3, intType())));
  // Through conversions: double(0).
  EXPECT_TRUE(isZero(*makeCast(realType(), makeIntLiteral(0, intType()))));
  Operands o;
  EXPECT_FALSE(isZero(*o.product()));
}
