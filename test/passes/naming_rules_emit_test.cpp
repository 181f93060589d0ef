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
    EXPECT_NE(findFunctionRule(name), nullptr) << name;
  EXPECT_EQ(findFunctionRule("gamma"), nullptr);
  EXPECT_EQ(findFunctionRule("atan2")->arity, 2u);
  EXPECT_TRUE(findFunctionRule("floor")->rowIsZero(0));
}

TEST(Rules, OperatorsAreInTheSameTable) {
  for (const char *op : {"+", "-", "*", "/"})
    EXPECT_NE(findOperatorRule(op, 2), nullptr) << op;
  EXPECT_NE(findOperatorRule("-", 1), nullptr);
  EXPECT_EQ(findOperatorRule("+", 1), nullptr);
  EXPECT_EQ(findOperatorRule("<", 2), nullptr);
  EXPECT_EQ(findOperatorRule("sin", 1), nullptr);
  // A product needs the other factor; a sum needs nothing.
  const Rule *mul = findOperatorRule("*", 2);
  EXPECT_TRUE(mul->rowUsesArg(0, 1));
  EXPECT_FALSE(mul->rowUsesArg(0, 0));
  const Rule *add = findOperatorRule("+", 2);
  EXPECT_FALSE(add->rowUsesArg(0, 1) || add->rowUsesArg(1, 0));
  EXPECT_EQ(applyRow(*findOperatorRule("/", 2), 1, "d_y", {"a", "b"}, ""),
            "-d_y * a / (b * b)");
  EXPECT_EQ(applyRow(*add, 0, "d + e", {"a", "b"}, ""), "d + e");
}

TEST(Rules, RowsSubstituteSeedArgumentsAndResult) {
  const Rule *tanh = findFunctionRule("tanh");
  EXPECT_TRUE(tanh->rowUsesResult(0));
  EXPECT_EQ(applyRow(*tanh, 0, "d", {"x"}, "y"), "d * (1 - y * y)");
  const Rule *pow = findFunctionRule("pow");
  EXPECT_TRUE(pow->rowUsesArg(0, 1));
  EXPECT_EQ(applyRow(*pow, 1, "d_z", {"a", "b"}, "r"),
            "d_z * (a == 0 ? 0 : r * std::log(a))");
  // A compound seed is parenthesized.
  EXPECT_EQ(applyRow(*findFunctionRule("sin"), 0, "d + e", {"x"}, ""),
            "(d + e) * std::cos(x)");
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
