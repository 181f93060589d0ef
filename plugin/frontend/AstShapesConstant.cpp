//===- AstShapesConstant.cpp - calls whose value carries no derivative ----===//
//
// A library call whose arguments read no floating-point variable
// (`std::lgamma(0.5 * (d + prior.m))`, integers of objects and containers
// included) is a constant; a call of a function whose arguments have no
// type with a derivative is inactive. The validator and the lowering both
// ask these questions, so forward and reverse mode agree.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "rules/Rules.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace tangent {

bool isInactiveCall(const CallExpr *call, ASTContext &ctx) {
  const FunctionDecl *callee = call->getDirectCallee();
  if (!callee || isa<CXXMemberCallExpr, CXXOperatorCallExpr>(call))
    return false;
  if (const auto *md = dyn_cast<CXXMethodDecl>(callee); md && !md->isStatic())
    return false;
  if (call->getType()->isVoidType())
    return false; // called for its effects: not a value
  for (const ParmVarDecl *p : callee->parameters())
    if (isOutputParam(p))
      return false;
  for (const clang::Expr *a : call->arguments()) {
    Type t;
    if (lowerType(ctx, a->getType(), t) && t.isDifferentiable())
      return false;
    if (!lowerType(ctx, a->getType(), t) &&
        !a->getType()->isIntegralOrEnumerationType())
      return false; // an argument of a type tangent cannot see through
  }
  return true;
}

namespace {

bool readsOnlyConstants(const clang::Expr *e, ASTContext &ctx);

/// Whether `e` names storage without computing anything on the way: a
/// variable, `this`, a field of such a place (`s.inner`, `p->w`), or an
/// element of one at an index computed from integers (`ps[i]`, `a[2]`; a
/// library container's `operator[]`).
bool plainPlace(const clang::Expr *e, ASTContext &ctx) {
  e = e->IgnoreParenImpCasts();
  if (const auto *d = dyn_cast<DeclRefExpr>(e))
    return isa<VarDecl>(d->getDecl());
  if (isa<CXXThisExpr>(e))
    return true;
  if (const auto *m = dyn_cast<MemberExpr>(e))
    return isa<FieldDecl>(m->getMemberDecl()) && plainPlace(m->getBase(), ctx);
  if (const auto *a = dyn_cast<ArraySubscriptExpr>(e))
    return plainPlace(a->getBase(), ctx) &&
           readsOnlyConstants(a->getIdx(), ctx);
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e))
    return op->getOperator() == OO_Subscript && op->getNumArgs() == 2 &&
           op->getDirectCallee() &&
           isLibraryFunction(op->getDirectCallee(), ctx) &&
           plainPlace(op->getArg(0), ctx) &&
           readsOnlyConstants(op->getArg(1), ctx);
  return false;
}

/// Whether `e` reads an integer out of an object or a container (`prior.m`,
/// `p->n`, `counts[i]`, `v.size()`): a number the derivative cannot depend
/// on, read without effects, however floating-point the object around it.
bool integerRead(const clang::Expr *e, ASTContext &ctx) {
  if (!e->getType()->isIntegralOrEnumerationType())
    return false;
  if (isa<MemberExpr, ArraySubscriptExpr, CXXOperatorCallExpr>(e))
    return plainPlace(e, ctx);
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    return md && mc->getNumArgs() == 0 && md->getIdentifier() &&
           md->getName() == "size" && isLibraryFunction(md, ctx) &&
           plainPlace(mc->getImplicitObjectArgument(), ctx);
  }
  return false;
}

/// Whether `e` computes its value from literals and integers only.
bool readsOnlyConstants(const clang::Expr *e, ASTContext &ctx) {
  e = e->IgnoreParens();
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr>(e))
    return true;
  if (integerRead(e, ctx))
    return true;
  if (const auto *d = dyn_cast<DeclRefExpr>(e)) {
    if (isa<EnumConstantDecl>(d->getDecl()))
      return true;
    const auto *v = dyn_cast<VarDecl>(d->getDecl());
    if (v && v->getType()->isRealFloatingType() &&
        v->getType().isConstQualified() && v->getInit() &&
        readsOnlyConstants(v->getInit(), ctx))
      return true; // `const double nu = 1.5;`
    return v && v->getType()->isIntegralOrEnumerationType();
  }
  if (const auto *c = dyn_cast<CallExpr>(e))
    return isConstantCall(c, ctx);
  if (isa<ImplicitCastExpr, CStyleCastExpr, CXXStaticCastExpr,
          CXXFunctionalCastExpr, UnaryOperator, BinaryOperator,
          ConditionalOperator>(e)) {
    if (const auto *u = dyn_cast<UnaryOperator>(e);
        u && (u->getOpcode() == UO_AddrOf || u->getOpcode() == UO_Deref ||
              u->isIncrementDecrementOp()))
      return false;
    if (const auto *b = dyn_cast<BinaryOperator>(e); b && b->isAssignmentOp())
      return false;
    for (const clang::Stmt *child : e->children())
      if (!child || !isa<clang::Expr>(child) ||
          !readsOnlyConstants(cast<clang::Expr>(child), ctx))
        return false;
    return true;
  }
  return false;
}

} // namespace

int undifferentiatedArgument(const CallExpr *call, const Rule &rule,
                             ASTContext &ctx) {
  for (unsigned i = 0; i < rule.arity && i < call->getNumArgs(); ++i)
    if (rule.rowIsUndefined(i) && !readsOnlyConstants(call->getArg(i), ctx))
      return int(i);
  return -1;
}

bool isConstantCall(const CallExpr *call, ASTContext &ctx) {
  const FunctionDecl *callee = call->getDirectCallee();
  if (!callee || isa<CXXMemberCallExpr, CXXOperatorCallExpr>(call) ||
      call->getNumArgs() == 0)
    return false;
  const QualType r = call->getType();
  if (!r->isRealFloatingType() && !r->isIntegralOrEnumerationType())
    return false;
  for (const ParmVarDecl *p : callee->parameters())
    if (isOutputParam(p) || p->getType()->isPointerType())
      return false;
  for (const clang::Expr *a : call->arguments())
    if (!readsOnlyConstants(a, ctx))
      return false;
  return true;
}

} // namespace tangent
