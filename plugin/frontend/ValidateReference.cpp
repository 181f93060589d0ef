//===- ValidateReference.cpp - local references ---------------------------===//
//
// A local reference is another name: for a variable, a field, an element of
// a vector, array or pointer (an alias, also through a const reference:
// later writes to the element show through it), a row of a vector of
// vectors, an object; a const reference bound to a computed number is a
// copy of it.
//
//===----------------------------------------------------------------------===//
#include "frontend/Types.h"
#include "frontend/Validator.h"

using namespace clang;

namespace tangent {

void Validator::localReference(const VarDecl *vd) {
  // A reference to an object names its fields: writes through it write
  // them.
  if (isSplit(vd->getType())) {
    if (std::string p = classProblem(vd->getType()); !p.empty())
      return refuseDecl(vd, p);
    bool to_const = vd->getType().getNonReferenceType().isConstQualified();
    object(vd->getInit(), to_const ? Use::Value : Use::Target);
    // A reference to an element of a container of objects is an alias
    // (lambdas may not capture it).
    (elementContainer(bareObject(vd->getInit())) ? scope_->aliases
                                                 : scope_->vars)
        .insert(vd);
    return;
  }
  // A const reference to a constant parameter (or to one of its scalar
  // elements) reads values that never change: the parameter, or a copy.
  const clang::Expr *init =
      vd->getInit() ? vd->getInit()->IgnoreParenImpCasts() : nullptr;
  bool to_const = vd->getType().getNonReferenceType().isConstQualified();
  Type et0;
  auto constParam = [&](const clang::Expr *e) {
    const VarDecl *p = e ? namedVar(e) : nullptr;
    return p && isa<ParmVarDecl>(p) &&
           (p->getType().getNonReferenceType().isConstQualified());
  };
  // A reference to a variable of this function or to a field of an object
  // is another name for it.
  if (init && (init->getType()->isRealFloatingType() ||
               (lowerType(ctx_, init->getType(), et0) && et0.isContainer()))) {
    const clang::Expr *bare = bareObject(init);
    const VarDecl *named = namedVar(bare);
    if (named && scope_->vars.count(named) && !scope_->aliases.count(named) &&
        isa<DeclRefExpr>(bare)) {
      scope_->vars.insert(vd);
      return;
    }
    if (const auto *me = dyn_cast<MemberExpr>(bare)) {
      member(me, to_const ? Use::Value : Use::Target);
      scope_->vars.insert(vd);
      return;
    }
    // A reference to a row of a vector of vectors (`const auto &r = m[i];`,
    // `auto &last = m.back();`): an alias of that row, const or not.
    if (namesRow(bare)) {
      scope_->aliases.insert(vd);
      return;
    }
    // A reference to an element of a vector, array or pointer: an alias of
    // the element it was bound to (like a range-for reference).
    const clang::Expr *base = nullptr, *index = nullptr;
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(bare))
      base = ase->getBase()->IgnoreParenImpCasts(), index = ase->getIdx();
    else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(bare);
             op && op->getOperator() == OO_Subscript)
      base = op->getArg(0), index = op->getArg(1);
    else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(bare);
             mc && mc->getMethodDecl()->getName() == "at")
      base = mc->getImplicitObjectArgument(), index = mc->getArg(0);
    if (base && init->getType()->isRealFloatingType() &&
        (namesContainer(base, /*or_pointer=*/true) || containerMember(base) ||
         namesRow(base))) { // `double &e = m[i][j];`, `const double &c = v[0];`
      expr(index);
      scope_->aliases.insert(vd);
      return;
    }
  }
  if (to_const && init) {
    if (constParam(init)) {
      scope_->vars.insert(vd);
      return;
    }
    const clang::Expr *base = nullptr, *index = nullptr;
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(init))
      base = ase->getBase(), index = ase->getIdx();
    else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(init);
             op && op->getOperator() == OO_Subscript)
      base = op->getArg(0), index = op->getArg(1);
    Type et;
    if (base && constParam(base) && lowerType(ctx_, vd->getType(), et) &&
        !et.isContainer()) {
      expr(index);
      scope_->vars.insert(vd);
      return;
    }
  }
  // A const reference bound to a computed number (a temporary whose life
  // the reference extends): a copy.
  if (to_const && vd->getInit()) {
    const clang::Expr *bound = vd->getInit();
    if (const auto *ewc = dyn_cast<ExprWithCleanups>(bound))
      bound = ewc->getSubExpr();
    Type bt;
    if (const auto *mte = dyn_cast<MaterializeTemporaryExpr>(bound);
        mte && lowerType(ctx_, mte->getType(), bt) &&
        (bt.isReal() || bt.isIntegral())) {
      expr(mte->getSubExpr());
      scope_->vars.insert(vd);
      return;
    }
  }
  refuseDecl(vd, "local reference '" + vd->getNameAsString() +
                     "' is not supported (only references to variables, "
                     "elements, objects and their fields, rows, and const "
                     "references to computed numbers); use a copy, an index "
                     "or an if/else");
}

} // namespace tangent
