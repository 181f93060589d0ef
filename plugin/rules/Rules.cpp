//===- Rules.cpp - the table of derivative rules --------------------------===//
#include "rules/Rules.h"
#include "ir/Support.h"

namespace tangent {

namespace {

/// The operator of `arity` operands that C++ spells `spelling` (a row of
/// Rules.def names its operator as written).
Op operatorSpelled(std::string_view spelling, unsigned arity) {
  for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Neg, Op::Plus})
    if (spelling == tangent::spelling(op) &&
        (arity == 1) == (op == Op::Neg || op == Op::Plus))
      return op;
  TANGENT_ASSERT(false, "a rule of an operator the IR does not have");
  return Op::Add;
}

} // namespace

const std::vector<Rule> &allRules() {
  static const std::vector<Rule> rules = [] {
    std::vector<Rule> r;
#define TANGENT_OPERATOR(spelling, arity, row0, row1)                          \
  r.push_back(Rule{Rule::Kind::Operator, spelling, arity, {row0, row1}});      \
  r.back().rows.resize(arity);                                                 \
  r.back().op = operatorSpelled(spelling, arity);
#define TANGENT_FUNCTION(name, arity, row0, row1, row2)                        \
  r.push_back(Rule{Rule::Kind::Function, #name, arity, {row0, row1, row2}});   \
  r.back().rows.resize(arity);
#include "rules/Rules.def"
    auto fact = [&](const char *name, Rule::Extremum which) {
      for (Rule &rule : r)
        if (rule.kind == Rule::Kind::Function && rule.name == name) {
          rule.extremum = which;
          return;
        }
      TANGENT_ASSERT(false, "a fact about a function the table lacks");
    };
#define TANGENT_EXTREMUM(name, which) fact(#name, Rule::Extremum::which);
#include "rules/Rules.def"
    return r;
  }();
  return rules;
}

bool Rule::rowUsesResult(unsigned arg) const {
  return rows[arg].find("$r") != std::string::npos;
}

bool Rule::rowUsesArg(unsigned arg, unsigned i) const {
  return rows[arg].find("$" + std::to_string(i)) != std::string::npos;
}

const Rule *findFunctionRule(std::string_view name) {
  for (const Rule &rule : allRules())
    if (rule.kind == Rule::Kind::Function && rule.name == name)
      return &rule;
  return nullptr;
}

const Rule *findOperatorRule(Op op, unsigned arity) {
  for (const Rule &rule : allRules())
    if (rule.kind == Rule::Kind::Operator && rule.op == op &&
        rule.arity == arity)
      return &rule;
  return nullptr;
}

const Rule *ruleFor(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Math:
    return e.rule;
  case ExprKind::Unary:
  case ExprKind::Binary:
    return findOperatorRule(e.op, unsigned(e.ops.size()));
  case ExprKind::Literal:
  case ExprKind::VarRef:
  case ExprKind::Index:
  case ExprKind::Cast:
  case ExprKind::Cond:
  case ExprKind::Size:
  case ExprKind::InactiveCall:
  case ExprKind::Name:
    return nullptr;
  }
}

} // namespace tangent
