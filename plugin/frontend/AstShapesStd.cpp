//===- AstShapesStd.cpp - shapes of standard library values --------------===//
//
// The part of AstShapes.h about std::pair and about std::max / std::min
// with a comparator: what the validator and the lowering both read off
// these calls.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace tangent {

bool pairParts(const clang::Expr *x,
               llvm::SmallVectorImpl<const clang::Expr *> &parts) {
  parts.clear();
  x = bareObject(x);
  if (!isStdPair(x->getType()))
    return false;
  if (const auto *ce = dyn_cast<CXXConstructExpr>(x)) {
    if (ce->getConstructor()->isCopyOrMoveConstructor())
      return false;
    for (const clang::Expr *a : writtenArguments(ce))
      parts.push_back(a);
    return parts.size() == 2 || parts.empty();
  }
  if (const auto *c = dyn_cast<CallExpr>(x)) {
    const FunctionDecl *fd = c->getDirectCallee();
    if (!fd || !fd->isInStdNamespace() || !fd->getIdentifier() ||
        fd->getName() != "make_pair" || c->getNumArgs() != 2)
      return false;
    parts.push_back(c->getArg(0));
    parts.push_back(c->getArg(1));
    return true;
  }
  return false;
}

const clang::Expr *pairGet(const CallExpr *c, unsigned &index) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd || !fd->isInStdNamespace() || !fd->getIdentifier() ||
      fd->getName() != "get" || c->getNumArgs() != 1 ||
      !isStdPair(c->getArg(0)->getType()))
    return nullptr;
  const TemplateArgumentList *targs = fd->getTemplateSpecializationArgs();
  if (!targs || targs->size() < 1 ||
      targs->get(0).getKind() != TemplateArgument::Integral)
    return nullptr;
  index = unsigned(targs->get(0).getAsIntegral().getZExtValue());
  return c->getArg(0);
}

const clang::Expr *comparedExtreme(const CallExpr *c, bool &is_max) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd || !fd->isInStdNamespace() || !fd->getIdentifier() ||
      c->getNumArgs() != 3 ||
      !(fd->getName() == "max" || fd->getName() == "min"))
    return nullptr;
  is_max = fd->getName() == "max";
  return c->getArg(2);
}

std::string standardComparison(const clang::Expr *comp) {
  const auto *rd = comp->getType()->getAsCXXRecordDecl();
  if (!rd || !rd->isInStdNamespace() || !rd->getIdentifier())
    return "";
  llvm::StringRef n = rd->getName();
  return n == "less"            ? "<"
         : n == "greater"       ? ">"
         : n == "less_equal"    ? "<="
         : n == "greater_equal" ? ">="
                                : "";
}

const CXXMethodDecl *comparatorOperator(const clang::Expr *comp, QualType arg) {
  const auto *rd = comp->getType()->getAsCXXRecordDecl();
  if (!rd || rd->isInStdNamespace() || !rd->hasDefinition())
    return nullptr;
  QualType want = arg.getNonReferenceType().getUnqualifiedType();
  auto takes = [&](const FunctionDecl *fd) {
    if (fd->getNumParams() != 2)
      return false;
    for (const ParmVarDecl *p : fd->parameters())
      if (p->getType()
              .getNonReferenceType()
              .getUnqualifiedType()
              .getCanonicalType() != want.getCanonicalType())
        return false;
    return true;
  };
  for (const Decl *d : rd->decls()) {
    if (const auto *md = dyn_cast<CXXMethodDecl>(d);
        md && md->getOverloadedOperator() == OO_Call && takes(md))
      return md;
    if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d);
        ft && ft->getTemplatedDecl()->getOverloadedOperator() == OO_Call)
      for (const FunctionDecl *spec : ft->specializations())
        if (takes(spec))
          return cast<CXXMethodDecl>(spec);
  }
  return nullptr;
}

} // namespace tangent
