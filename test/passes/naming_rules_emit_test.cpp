//===- naming_rules_emit_test.cpp - naming, rule table, printing ----------===//
#include "codegen/Emit.h"
#include "ir/Naming.h"
#include "rules/Rules.h"
#include "ir_builder.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

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

TEST(Rules, TableCoversTheIssueList) {
  for (const char *name :
       {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh",
        "tanh", "exp", "exp2", "log", "log2", "log10", "log1p", "expm1",
        "sqrt", "cbrt", "pow", "hypot", "fabs", "abs", "fmin", "fmax", "min",
        "max", "fma", "erf", "erfc", "floor", "ceil", "round", "trunc"})
    EXPECT_NE(findRule(name), nullptr) << name;
  EXPECT_EQ(findRule("gamma"), nullptr);
  EXPECT_EQ(findRule("atan2")->arity, 2u);
  EXPECT_TRUE(findRule("floor")->partials[0].empty());
}

TEST(Rules, PartialsSubstituteArgumentsAndResult) {
  const Rule *tanh = findRule("tanh");
  EXPECT_TRUE(tanh->partialUsesResult(0));
  EXPECT_EQ(instantiatePartial(tanh->partials[0], {"x"}, "y"), "(1 - y * y)");
  const Rule *pow = findRule("pow");
  EXPECT_TRUE(pow->partialUsesArg(0, 1));
  EXPECT_EQ(instantiatePartial(pow->partials[1], {"a", "b"}, "r"),
            "r * std::log(a)");
}

TEST(Emit, PrintsByPrecedence) {
  Builder b;
  Var *x = b.param("x", realType());
  Var *y = b.param("y", realType());
  // (x + y) * x - (x - y)
  ExprPtr e = Builder::bin(
      "-",
      Builder::bin("*", Builder::bin("+", Builder::ref(x), Builder::ref(y)),
                   Builder::ref(x)),
      Builder::bin("-", Builder::ref(x), Builder::ref(y)));
  EXPECT_EQ(printExpr(*e), "(x + y) * x - (x - y)");
  ExprPtr neg = makeUnary("-", Builder::bin("+", Builder::ref(x),
                                            Builder::ref(y)));
  EXPECT_EQ(printExpr(*neg), "-(x + y)");
  ExprPtr cast = makeCast(realType(), Builder::integer(3));
  EXPECT_EQ(printExpr(*cast), "3.0");
  Var *n = b.param("n", intType());
  ExprPtr conv = makeCast(realType(), Builder::ref(n));
  EXPECT_EQ(printExpr(*conv), "double(n)");
}

TEST(Emit, CodeIndentsBlocks) {
  Code c;
  c.open("if (a)");
  c.line("x = 1;");
  c.reopen("else");
  c.line("x = 2;");
  c.close();
  EXPECT_EQ(c.str(), "if (a) {\n  x = 1;\n} else {\n  x = 2;\n}\n");
}
