//===- ValidateMath.cpp - calls of the rule table's functions -------------===//
//
// A <cmath> function of plugin/rules/Rules.def: the number of arguments its
// rule takes, and a constant where the rule has no derivative (a "!" row:
// the order of a Bessel function).
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/CustomRules.h"
#include "frontend/Validator.h"
#include "rules/Rules.h"

using namespace clang;

namespace tangent {

void Validator::mathCall(const CallExpr *c, const Rule &rule) {
  const FunctionDecl *fd = c->getDirectCallee();
  const std::string name = fd->getNameAsString();
  if (llvm::SmallVector<const clang::Expr *, 4> list;
      extremeOfList(c, list)) { // std::max({a, b, c})
    for (const clang::Expr *e : list)
      expr(e);
    return;
  }
  if (c->getNumArgs() != rule.arity) {
    const std::string nested = rule.arity == 2
                                   ? "; nest the calls, as std::" + name +
                                         "(std::" + name + "(a, b), c)"
                                   : std::string();
    return refuse(c->getBeginLoc(), "unexpected number of arguments to '" +
                                        name + "' (its derivative rule takes " +
                                        std::to_string(rule.arity) + nested +
                                        ")");
  }
  if (int i = undifferentiatedArgument(c, rule, ctx_); i >= 0)
    return refuse(c->getArg(i)->getBeginLoc(),
                  "'" + name + "' has no derivative rule in its argument " +
                      std::to_string(i + 1) +
                      " (an order); pass a constant there (a literal, an "
                      "integer, a const initialized by one), or define " +
                      customRuleName(fd));
  arguments(fd, llvm::SmallVector<const clang::Expr *, 4>(c->arguments()), c);
}

} // namespace tangent
