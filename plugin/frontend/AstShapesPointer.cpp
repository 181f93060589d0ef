//===- AstShapesPointer.cpp - shapes of changing pointers -----------------===//
//
// The part of AstShapes.h about pointers that walk: steps and reassignments
// of a named pointer, whether a pointer changes anywhere in its function,
// and comparisons and differences of two pointers. The validator and the
// lowering (frontend/lower/LowerPointer.cpp) both read them.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace tangent {

namespace {

const VarDecl *namedPointer(const clang::Expr *e) {
  const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *vd = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
  return vd && vd->getType()->isPointerType() &&
                 vd->getType()->getPointeeType()->isRealFloatingType()
             ? vd
             : nullptr;
}

bool changes(const clang::Stmt *s, const VarDecl *vd) {
  if (!s)
    return false;
  if (const auto *e = dyn_cast<clang::Expr>(s))
    if (PointerStep step; pointerStep(e, step) && step.pointer == vd)
      return true;
  for (const clang::Stmt *child : s->children())
    if (changes(child, vd))
      return true;
  return false;
}

} // namespace

bool pointerStep(const clang::Expr *e, PointerStep &out) {
  e = e->IgnoreParens();
  if (const auto *u = dyn_cast<UnaryOperator>(e);
      u && u->isIncrementDecrementOp()) {
    const VarDecl *p = namedPointer(u->getSubExpr());
    if (!p)
      return false;
    out = {p, nullptr, nullptr, u->isDecrementOp(), u->isPostfix()};
    return true;
  }
  const auto *b = dyn_cast<BinaryOperator>(e);
  if (!b || !b->isAssignmentOp())
    return false;
  const VarDecl *p = namedPointer(b->getLHS());
  if (!p)
    return false;
  switch (b->getOpcode()) {
  case BO_Assign:
    out = {p, nullptr, b->getRHS(), false, false};
    return true;
  case BO_AddAssign:
  case BO_SubAssign:
    out = {p, b->getRHS(), nullptr, b->getOpcode() == BO_SubAssign, false};
    return true;
  default:
    return false;
  }
}

bool pointerChanges(const VarDecl *vd) {
  const auto *fd =
      dyn_cast_or_null<FunctionDecl>(vd->getParentFunctionOrMethod());
  return fd && changes(fd->getBody(), vd);
}

bool pointerOffsets(const BinaryOperator *b) {
  return (b->getOpcode() == BO_Sub || b->isComparisonOp()) &&
         b->getLHS()->getType()->isPointerType() &&
         b->getRHS()->getType()->isPointerType();
}

} // namespace tangent
