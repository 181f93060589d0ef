//===- rules_test.cpp - looking up and applying derivative rules ----------===//
#include "ir/Printer.h"
#include "rules/Rules.h"
#include <gtest/gtest.h>

using namespace tangent;

namespace {

Type real() {
  Type t;
  t.kind = TypeKind::Real;
  t.spelling = "double";
  return t;
}

ExprPtr name(const std::string &text) { return makeName(text, real()); }

ExprPtr sum(const std::string &a, const std::string &b) {
  return makeBinary(Op::Add, name(a), name(b), real());
}

/// Row `arg` of `rule` applied to `seed`, the arguments and the result
/// (names; "" for none), printed.
std::string row(const Rule &rule, unsigned arg, ExprPtr seed,
                const std::vector<std::string> &args,
                const std::string &result) {
  std::vector<ExprPtr> values;
  RowOperands in;
  in.seed = seed.get();
  in.real = real();
  for (const std::string &a : args) {
    values.push_back(name(a));
    in.args.push_back(values.back().get());
  }
  ExprPtr r = result.empty() ? nullptr : name(result);
  in.result = r.get();
  return printExpr(*rowExpr(rule, arg, in));
}

} // namespace

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
  EXPECT_EQ(row(*findOperatorRule(Op::Div, 2), 1, name("d_y"), {"a", "b"}, ""),
            "-d_y * a / (b * b)");
  EXPECT_EQ(row(*add, 0, sum("d", "e"), {"a", "b"}, ""), "d + e");
}

TEST(Rules, RowsSubstituteSeedArgumentsAndResult) {
  const Rule *tanh = findFunctionRule("tanh");
  EXPECT_TRUE(tanh->rowUsesResult(0));
  EXPECT_EQ(row(*tanh, 0, name("d"), {"x"}, "y"), "d * (1 - y * y)");
  const Rule *pow = findFunctionRule("pow");
  EXPECT_TRUE(pow->rowUsesArg(0, 1));
  EXPECT_EQ(row(*pow, 1, name("d_z"), {"a", "b"}, "r"),
            "d_z * (a == 0 ? 0 : r * std::log(a))");
  // A compound seed is an operand like any other: parenthesized where its
  // precedence needs it.
  EXPECT_EQ(row(*findFunctionRule("sin"), 0, sum("d", "e"), {"x"}, ""),
            "(d + e) * std::cos(x)");
  EXPECT_EQ(
      row(*findOperatorRule(Op::Sub, 2), 1, sum("d", "e"), {"a", "b"}, ""),
      "-(d + e)");
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
