//===- Rules.h - the table of derivative rules ------------------*- C++ -*-===//
///
/// \file
/// Read-only access to Rules.def: the derivatives of the arithmetic
/// operators and of the <cmath> functions, one row per argument. The
/// generator never special-cases an operator or a function: it builds the
/// table's rows as expressions of the seed, the arguments and the result
/// (rowExpr), and the analyses learn from the same rows which values the
/// reverse sweep reads.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_RULES_RULES_H
#define TANGENT_RULES_RULES_H

#include "ir/IR.h"
#include <string>
#include <string_view>
#include <vector>

namespace tangent {

struct Rule {
  enum class Kind { Operator, Function };
  Kind kind = Kind::Function;
  std::string name; ///< operator spelling ("*") or function name ("sin")
  unsigned arity = 0;
  /// One per argument: the derivative with respect to it applied to the
  /// seed `$d` (see Rules.def); "" when the result does not depend on it.
  std::vector<std::string> rows;

  /// Whether row `arg` reads the result ($r) / the value of argument `i`.
  bool rowUsesResult(unsigned arg) const;
  bool rowUsesArg(unsigned arg, unsigned i) const;
  /// Whether row `arg` is zero / is the seed itself (`$d`). A row without
  /// a derivative (`!`, an order of a Bessel function) is zero: the
  /// validation refuses a call whose argument there is not a constant.
  bool rowIsZero(unsigned arg) const {
    return rows[arg].empty() || rowIsUndefined(arg);
  }
  bool rowIsUndefined(unsigned arg) const { return rows[arg] == "!"; }
  bool rowIsSeed(unsigned arg) const { return rows[arg] == "$d"; }
  /// An operator's rule: the operator (the one `name` spells).
  Op op = Op::Add;
  /// A function whose result is the greatest or the least of its
  /// arguments (TANGENT_EXTREMUM in Rules.def), or None.
  enum class Extremum { None, Max, Min };
  Extremum extremum = Extremum::None;
};

/// The rule of a <cmath> function (unqualified name), or null.
const Rule *findFunctionRule(std::string_view name);
/// The rule of an arithmetic operator of the given arity, or null.
const Rule *findOperatorRule(Op op, unsigned arity);
/// The rule that differentiates `e` (a Unary, Binary or Math expression),
/// or null when `e` is not differentiable that way (comparisons, logic).
const Rule *ruleFor(const Expr &e);

/// The operands of a row used as IR (both modes): the seed, the
/// arguments' values, the result's value (null when the row does not read
/// it) and the floating-point type of the row's numbers.
struct RowOperands {
  const Expr *seed = nullptr;
  std::vector<const Expr *> args;
  const Expr *result = nullptr;
  Type real;
};

/// Row `arg` of `rule` as an IR expression with clones of the operands
/// (RuleExpr.cpp). A `?:` of the row is a Cond expression of type `real`.
ExprPtr rowExpr(const Rule &rule, unsigned arg, const RowOperands &operands);

/// Every rule of the table (for tests and documentation).
const std::vector<Rule> &allRules();

} // namespace tangent

#endif
