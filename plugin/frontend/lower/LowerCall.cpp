//===- LowerCall.cpp - lowering calls -------------------------------------===//
//
// A call is, in the order checked:
//  - a constant (no differentiable argument, no output): an expression
//    evaluated as is;
//  - a call of a function with a custom derivative (frontend/CustomRules.h),
//    or of a user function: a Call statement (the callee is lowered too and
//    differentiated in split forward / reverse functions);
//  - a <cmath> function of the rule table: a Math expression.
// Arguments that are computed floating values get a temporary, so that
// their adjoint has a place to accumulate.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/CustomRules.h"
#include "frontend/lower/FunctionLowerer.h"
#include "ir/IRWalk.h"
#include "rules/Rules.h"

using namespace clang;

namespace tangent {

ExprPtr FunctionLowerer::call(const CallExpr *c, Block &pre, Var *into) {
  SourceLocation loc = c->getBeginLoc();
  const FunctionDecl *callee = c->getDirectCallee();
  if (!callee)
    unexpected(loc, "a call through a function pointer");
  if (RangeAlgorithm ra; rangeAlgorithm(c, ra))
    return algorithm(c, ra, pre, into);
  std::string name = callee->getNameAsString();
  Type rt = typeOf(c->getType(), loc);
  auto result = [&](ExprPtr e) -> ExprPtr {
    if (!into)
      return e;
    pre.push_back(assign(makeVarRef(into), std::move(e), loc));
    return makeVarRef(into);
  };

  if (isInactiveCall(c, ctx)) {
    auto e = std::make_unique<tangent::Expr>();
    e->kind = ExprKind::Call;
    e->text = qualifiedName(callee, ctx);
    e->type = rt;
    for (const clang::Expr *a : c->arguments())
      e->ops.push_back(expr(a, pre));
    return result(std::move(e));
  }
  CustomRule rule = findCustomRule(ctx, callee);
  if (!rule && isMathFunction(callee)) {
    auto e = std::make_unique<tangent::Expr>();
    e->kind = ExprKind::Math;
    e->rule = findFunctionRule(name);
    e->text = "std::" + name;
    e->type = rt;
    for (const clang::Expr *a : c->arguments())
      e->ops.push_back(expr(a, pre));
    return result(std::move(e));
  }

  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Call;
  st->loc = makeLoc(ctx, loc);
  if (rule) {
    st->custom = qualifiedName(callee, ctx);
    st->custom_pullback = rule.pullback;
  } else {
    if (!callee->hasBody() && callee->isTemplateInstantiation() &&
        L.instantiate)
      L.instantiate(callee);
    st->callee = L.lower(callee);
  }
  for (unsigned i = 0; i < c->getNumArgs(); ++i) {
    const clang::Expr *a = c->getArg(i);
    const ParmVarDecl *p =
        i < callee->getNumParams() ? callee->getParamDecl(i) : nullptr;
    bool output = isOutputParam(p);
    ExprPtr x = output ? target(a, pre) : expr(a, pre);
    Type pt;
    if (p && lowerType(ctx, p->getType(), pt) && pt.isContainer() &&
        x->kind != ExprKind::VarRef)
      unexpected(a->getBeginLoc(), "an unnamed container argument");
    if (!output && x->type.isReal() && x->kind != ExprKind::VarRef &&
        x->kind != ExprKind::Index && x->kind != ExprKind::Literal) {
      Var *t = temp(x->type, naming::valueTemp());
      pre.push_back(assign(makeVarRef(t), std::move(x), a->getBeginLoc()));
      x = makeVarRef(t);
    }
    st->args.push_back(std::move(x));
    st->arg_is_output.push_back(output);
  }
  if (rt.kind != TypeKind::Void) {
    // A result that an argument reads (`w = h(w, x)`) goes through a
    // temporary: the callee's reverse needs the argument as it was.
    bool read_by_argument = false;
    for (const ExprPtr &a : st->args)
      read_by_argument |= into && readsVar(*a, into);
    Var *r = into && !read_by_argument ? into : temp(rt, naming::valueTemp());
    st->result = r;
    pre.push_back(std::move(st));
    if (into && r != into) {
      pre.push_back(assign(makeVarRef(into), makeVarRef(r), loc));
      return makeVarRef(into);
    }
    return makeVarRef(r);
  }
  pre.push_back(std::move(st));
  return makeLiteral("0", rt);
}

} // namespace tangent
