//===- table_test.cpp - every row of rules/Rules.def is well formed -------===//
//
// Reads Rules.def itself (with macros of this test) so that what the table
// says is checked, including rows that Rules.cpp would drop silently: rows
// past an entry's arity, placeholders other than $d, $0..$arity-1 and $r,
// entries listed twice.
//
//===----------------------------------------------------------------------===//
#include "ir/Printer.h"
#include "rules/Rules.h"
#include <gtest/gtest.h>
#include <set>

using namespace tangent;

namespace {

/// One entry of Rules.def as written.
struct RawRule {
  bool is_operator;
  std::string name;
  unsigned arity;
  std::vector<std::string> rows; ///< every row written, also past the arity
};

const std::vector<RawRule> &rawTable() {
  static const std::vector<RawRule> table = [] {
    std::vector<RawRule> t;
#define TANGENT_OPERATOR(spelling, arity, row0, row1)                          \
  t.push_back({true, spelling, arity, {row0, row1}});
#define TANGENT_FUNCTION(name, arity, row0, row1, row2)                        \
  t.push_back({false, #name, arity, {row0, row1, row2}});
#include "rules/Rules.def"
    return t;
  }();
  return table;
}

/// What is wrong with `row` of an entry of arity `arity`, or "".
std::string rowProblem(const std::string &row, unsigned arity) {
  if (row.empty() || row == "!")
    return "";
  if (row.find("$d") == std::string::npos)
    return "does not apply the seed $d";
  int depth = 0;
  for (size_t i = 0; i < row.size(); ++i) {
    depth += row[i] == '(' ? 1 : row[i] == ')' ? -1 : 0;
    if (depth < 0)
      return "closes a parenthesis it did not open";
    if (row[i] != '$')
      continue;
    if (i + 1 == row.size())
      return "ends with '$'";
    char c = row[i + 1];
    if (c == 'd' || c == 'r') {
      ++i;
      continue;
    }
    if (c < '0' || c > '9')
      return std::string("has the unknown placeholder $") + c;
    if (unsigned(c - '0') >= arity)
      return std::string("reads argument $") + c + " of a rule of arity " +
             std::to_string(arity);
    if (i + 2 < row.size() && row[i + 2] >= '0' && row[i + 2] <= '9')
      return "has a placeholder of more than one digit";
    ++i;
  }
  if (depth != 0)
    return "leaves a parenthesis open";
  return "";
}

} // namespace

TEST(RulesTable, RowsUseOnlyKnownPlaceholders) {
  ASSERT_GT(rawTable().size(), 30u);
  for (const RawRule &r : rawTable())
    for (unsigned i = 0; i < r.rows.size() && i < r.arity; ++i)
      EXPECT_EQ(rowProblem(r.rows[i], r.arity), "")
          << r.name << " row " << i << ": \"" << r.rows[i] << "\"";
}

TEST(RulesTable, ArityMatchesTheRows) {
  for (const RawRule &r : rawTable()) {
    EXPECT_GE(r.arity, 1u) << r.name;
    EXPECT_LE(r.arity, r.rows.size()) << r.name;
    // A row past the arity would be dropped without a word.
    for (unsigned i = r.arity; i < r.rows.size(); ++i)
      EXPECT_EQ(r.rows[i], "")
          << r.name << " has a row " << i << " past its arity " << r.arity;
  }
}

TEST(RulesTable, EveryArgumentHasARowOrAZeroDerivative) {
  // A function rule whose rows are all empty is piecewise constant; that is
  // only right for the rounding functions and logb (an exponent).
  const std::set<std::string> constant = {"floor",     "ceil", "round", "trunc",
                                          "nearbyint", "rint", "logb"};
  for (const RawRule &r : rawTable()) {
    bool any = false;
    for (unsigned i = 0; i < r.arity; ++i)
      any |= !r.rows[i].empty();
    EXPECT_EQ(!any, constant.count(r.name) == 1) << r.name;
  }
}

TEST(RulesTable, NoEntryIsListedTwice) {
  std::set<std::pair<std::string, unsigned>> operators;
  std::set<std::string> functions;
  for (const RawRule &r : rawTable()) {
    if (r.is_operator)
      EXPECT_TRUE(operators.insert({r.name, r.arity}).second) << r.name;
    else
      EXPECT_TRUE(functions.insert(r.name).second) << r.name;
  }
}

TEST(RulesTable, LoadedRulesAreTheTable) {
  const std::vector<RawRule> &raw = rawTable();
  const std::vector<Rule> &rules = allRules();
  ASSERT_EQ(rules.size(), raw.size());
  for (size_t k = 0; k < raw.size(); ++k) {
    const Rule &r = rules[k];
    EXPECT_EQ(r.kind == Rule::Kind::Operator, raw[k].is_operator);
    EXPECT_EQ(r.name, raw[k].name);
    EXPECT_EQ(r.arity, raw[k].arity);
    ASSERT_EQ(r.rows.size(), r.arity) << r.name;
    for (unsigned i = 0; i < r.arity; ++i) {
      EXPECT_EQ(r.rows[i], raw[k].rows[i]) << r.name << " row " << i;
      EXPECT_EQ(r.rowIsZero(i),
                raw[k].rows[i].empty() || raw[k].rows[i] == "!");
    }
    // Lookups find this very entry.
    const Rule *found = raw[k].is_operator ? findOperatorRule(r.op, r.arity)
                                           : findFunctionRule(r.name);
    EXPECT_EQ(found, &r) << r.name;
    if (raw[k].is_operator)
      EXPECT_EQ(spelling(r.op), raw[k].name);
  }
}

TEST(RulesTable, EveryRowIsAnExpressionOfItsOperands) {
  // Every row with a derivative parses into an expression that reads the
  // seed and nothing the row was not given.
  Type real;
  real.kind = TypeKind::Real;
  real.spelling = "double";
  ExprPtr seed = makeName("SEED", real), y = makeName("y", real);
  std::vector<ExprPtr> args;
  RowOperands in{seed.get(), {}, y.get(), real};
  for (const char *a : {"a", "b", "c"}) {
    args.push_back(makeName(a, real));
    in.args.push_back(args.back().get());
  }
  for (const Rule &r : allRules())
    for (unsigned i = 0; i < r.arity; ++i) {
      if (r.rowIsZero(i))
        continue;
      std::string text = printExpr(*rowExpr(r, i, in));
      EXPECT_EQ(text.find('$'), std::string::npos)
          << r.name << " row " << i << ": " << text;
      EXPECT_NE(text.find("SEED"), std::string::npos) << r.name << " row " << i;
    }
}

TEST(RulesTable, ProblemsAreFound) {
  // The checker above can fail.
  EXPECT_EQ(rowProblem("$d * $1", 2), "");
  EXPECT_NE(rowProblem("$d * $1", 1), "");
  EXPECT_NE(rowProblem("$d * $x", 1), "");
  EXPECT_NE(rowProblem("std::cos($0)", 1), "");
  EXPECT_NE(rowProblem("$d * ($0", 1), "");
  EXPECT_NE(rowProblem("$d * $", 1), "");
  EXPECT_NE(rowProblem("$d * $10", 3), "");
}
