//===- rules_test.cpp - looking up and applying derivative rules ----------===//
#include "rules/Rules.h"
#include <gtest/gtest.h>

using namespace tangent;

TEST(Rules, TableCoversTheIssueList) {
  for (const char *name :
       {"sin",   "cos",   "tan",   "asin",   "acos",  "atan", "atan2", "sinh",
        "cosh",  "tanh",  "exp",   "exp2",   "log",   "log2", "log10", "log1p",
        "expm1", "sqrt",  "cbrt",  "pow",    "hypot", "fabs", "abs",   "fmin",
        "fmax",  "min",   "max",   "fma",    "erf",   "erfc", "floor", "ceil",
        "round", "trunc", "clamp", "lgamma", "tgamma"})
    EXPECT_NE(findFunctionRule(name), nullptr) << name;
  EXPECT_EQ(findFunctionRule("gamma"), nullptr);
  EXPECT_EQ(findFunctionRule("atan2")->arity, 2u);
  EXPECT_EQ(findFunctionRule("clamp")->arity, 3u);
  EXPECT_TRUE(findFunctionRule("floor")->rowIsZero(0));
}

TEST(Rules, OperatorsAreInTheSameTable) {
  for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div}) {
    ASSERT_NE(findOperatorRule(op, 2), nullptr) << spelling(op);
    EXPECT_EQ(findOperatorRule(op, 2)->name, spelling(op));
  }
  EXPECT_NE(findOperatorRule(Op::Neg, 1), nullptr);
  EXPECT_EQ(findOperatorRule(Op::Plus, 1), nullptr);
  EXPECT_EQ(findOperatorRule(Op::Lt, 2), nullptr);
  EXPECT_EQ(findOperatorRule(Op::Neg, 2), nullptr);
  // A product needs the other factor; a sum needs nothing.
  const Rule *mul = findOperatorRule(Op::Mul, 2);
  EXPECT_TRUE(mul->rowUsesArg(0, 1));
  EXPECT_FALSE(mul->rowUsesArg(0, 0));
  const Rule *add = findOperatorRule(Op::Add, 2);
  EXPECT_FALSE(add->rowUsesArg(0, 1) || add->rowUsesArg(1, 0));
  EXPECT_EQ(applyRow(*findOperatorRule(Op::Div, 2), 1, "d_y", {"a", "b"}, ""),
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

TEST(Rules, ExtremaAreFactsOfTheTable) {
  EXPECT_EQ(findFunctionRule("fmax")->extremum, Rule::Extremum::Max);
  EXPECT_EQ(findFunctionRule("max")->extremum, Rule::Extremum::Max);
  EXPECT_EQ(findFunctionRule("fmin")->extremum, Rule::Extremum::Min);
  EXPECT_EQ(findFunctionRule("min")->extremum, Rule::Extremum::Min);
  EXPECT_EQ(findFunctionRule("clamp")->extremum, Rule::Extremum::None);
  EXPECT_EQ(findFunctionRule("sin")->extremum, Rule::Extremum::None);
  EXPECT_EQ(findOperatorRule(Op::Add, 2)->extremum, Rule::Extremum::None);
}
