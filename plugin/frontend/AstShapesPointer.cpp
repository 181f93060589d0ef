//===- AstShapesPointer.cpp - shapes of changing pointers -----------------===//
//
// The part of AstShapes.h about pointers that walk: steps and reassignments
// of a named pointer, whether a pointer changes anywhere in its function,
// and comparisons and differences of two pointers. The validator and the
// lowering (frontend/lower/LowerPointer.cpp) both read them.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include <algorithm>
#include <functional>

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

const clang::Stmt *enclosingBody(const VarDecl *vd) {
  // A local of an OpenMP region (`#pragma omp parallel for`) belongs to its
  // captured statement, which holds every use of it.
  const DeclContext *dc = vd->getParentFunctionOrMethod();
  if (const auto *cd = dyn_cast_or_null<CapturedDecl>(dc))
    return cd->getBody();
  const auto *fd = dyn_cast_or_null<FunctionDecl>(dc);
  return fd ? fd->getBody() : nullptr;
}

bool pointerChanges(const VarDecl *vd) {
  const clang::Stmt *body = enclosingBody(vd);
  return body && changes(body, vd);
}

namespace {

/// Counts in `s` the uses of `vd` and those that only read its value.
void countUses(const clang::Stmt *s, const VarDecl *vd, int &uses, int &reads) {
  if (!s)
    return;
  // An OpenMP directive: the code it runs (its clauses and captures name
  // variables without using them).
  if (const auto *d = dyn_cast<clang::OMPExecutableDirective>(s))
    return d->hasAssociatedStmt()
               ? countUses(d->getInnermostCapturedStmt()->getCapturedStmt(), vd,
                           uses, reads)
               : void();
  if (const auto *c = dyn_cast<clang::CapturedStmt>(s))
    return countUses(c->getCapturedStmt(), vd, uses, reads);
  if (const auto *dre = dyn_cast<DeclRefExpr>(s); dre && dre->getDecl() == vd)
    ++uses;
  if (const auto *c = dyn_cast<ImplicitCastExpr>(s);
      c && c->getCastKind() == clang::CK_LValueToRValue)
    if (const auto *dre =
            dyn_cast<DeclRefExpr>(c->getSubExpr()->IgnoreParens());
        dre && dre->getDecl() == vd)
      ++reads;
  for (const clang::Stmt *child : s->children())
    countUses(child, vd, uses, reads);
}

} // namespace

bool onlyRead(const VarDecl *vd) {
  const clang::Stmt *body = enclosingBody(vd);
  int uses = 0, reads = 0;
  countUses(body, vd, uses, reads);
  return body && uses == reads;
}

const VarDecl *namedStorage(const AddressArgument &at) {
  const clang::Expr *named = at.array;
  if (at.lvalue) {
    const clang::Expr *lv = at.lvalue->IgnoreParenImpCasts();
    if (const auto *s = dyn_cast<ArraySubscriptExpr>(lv)) {
      named = s->getBase()->IgnoreParenImpCasts();
      // An element or a row of a multi-dimensional array (`m[i][j]`,
      // `t[i][j]`): the array.
      while (const auto *inner = dyn_cast<ArraySubscriptExpr>(named))
        named = inner->getBase()->IgnoreParenImpCasts();
    } else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(lv);
               op && op->getOperator() == OO_Subscript)
      named = op->getArg(0);
    else
      return nullptr;
  }
  const auto *dre = dyn_cast<DeclRefExpr>(named->IgnoreParenImpCasts());
  return dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
}

bool pointerStorages(const VarDecl *vd,
                     llvm::SmallVectorImpl<const VarDecl *> &out) {
  out.clear();
  bool ok = true;
  auto once = [&](const VarDecl *s) {
    if (std::find(out.begin(), out.end(), s) == out.end())
      out.push_back(s);
  };
  auto add = [&](const clang::Expr *to) {
    AddressArgument at;
    const VarDecl *s = to && addressOf(vd->getType(), to, at, /*whole=*/true)
                           ? namedStorage(at)
                           : nullptr;
    llvm::SmallVector<const VarDecl *, 4> viewed;
    if (!s)
      ok = false;
    else if (s == vd)
      return; // `p = p + 1`: where it points already
    else if (!isa<ParmVarDecl>(s) && s->getType()->isPointerType() &&
             s->getInit()) {
      // Another view (`p = q`): what that one points into.
      ok &= pointerStorages(s, viewed);
      for (const VarDecl *v : viewed)
        once(v);
    } else {
      once(s);
    }
  };
  if (vd->getInit()) // else declared first, set later
    add(vd->getInit());
  std::function<void(const clang::Stmt *)> walk = [&](const clang::Stmt *s) {
    if (!s)
      return;
    if (const auto *e = dyn_cast<clang::Expr>(s))
      if (PointerStep step;
          pointerStep(e, step) && step.pointer == vd && step.to)
        add(step.to);
    for (const clang::Stmt *child : s->children())
      walk(child);
  };
  if (const clang::Stmt *body = enclosingBody(vd))
    walk(body);
  return ok;
}

const clang::Expr *useOutsideStatements(const VarDecl *vd) {
  // A use: a reference to vd that is not the target of its reassignment.
  std::function<const clang::Expr *(const clang::Stmt *)> use =
      [&](const clang::Stmt *s) -> const clang::Expr * {
    if (!s)
      return nullptr;
    if (const auto *e = dyn_cast<clang::Expr>(s)) {
      if (PointerStep step;
          pointerStep(e, step) && step.pointer == vd && step.to)
        return use(step.to);
      if (const auto *dre = dyn_cast<DeclRefExpr>(e);
          dre && dre->getDecl() == vd)
        return e;
    }
    for (const clang::Stmt *child : s->children())
      if (const clang::Expr *u = use(child))
        return u;
    return nullptr;
  };
  // Statements: an expression statement may use it; anything else is
  // searched but for the statements it holds.
  std::function<const clang::Expr *(const clang::Stmt *)> statement =
      [&](const clang::Stmt *s) -> const clang::Expr * {
    if (!s || isa<clang::Expr>(s))
      return nullptr;
    for (const clang::Stmt *child : s->children()) {
      if (!child)
        continue;
      const bool holds_statements =
          isa<CompoundStmt>(s) ||
          (isa<ForStmt>(s) && child == cast<ForStmt>(s)->getBody()) ||
          (isa<WhileStmt>(s) && child == cast<WhileStmt>(s)->getBody()) ||
          (isa<DoStmt>(s) && child == cast<DoStmt>(s)->getBody()) ||
          (isa<IfStmt>(s) && (child == cast<IfStmt>(s)->getThen() ||
                              child == cast<IfStmt>(s)->getElse())) ||
          isa<AttributedStmt>(s);
      const clang::Expr *u =
          holds_statements && isa<clang::Expr>(child)
              ? nullptr
              : (isa<clang::Expr>(child) ? use(child) : statement(child));
      if (u)
        return u;
    }
    return nullptr;
  };
  const clang::Stmt *body = enclosingBody(vd);
  return body ? statement(body) : nullptr;
}

bool pointerOffsets(const BinaryOperator *b) {
  return (b->getOpcode() == BO_Sub || b->isComparisonOp()) &&
         b->getLHS()->getType()->isPointerType() &&
         b->getRHS()->getType()->isPointerType();
}

namespace {

/// `e` names a parameter of `ctor` (a pointer or an integer, by value).
const ParmVarDecl *parameterOf(const clang::Expr *e,
                               const CXXConstructorDecl *ctor) {
  const auto *d = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *p = d ? dyn_cast<ParmVarDecl>(d->getDecl()) : nullptr;
  return p && p->getDeclContext() == ctor ? p : nullptr;
}

/// An integer computed from the constructor's integer parameters and
/// constants with + - *.
bool integerOfParameters(const clang::Expr *e, const CXXConstructorDecl *ctor) {
  e = e->IgnoreParenImpCasts();
  if (!e->getType()->isIntegralOrEnumerationType())
    return false;
  if (isa<IntegerLiteral>(e))
    return true;
  if (parameterOf(e, ctor))
    return true;
  const auto *b = dyn_cast<BinaryOperator>(e);
  return b &&
         (b->getOpcode() == BO_Add || b->getOpcode() == BO_Sub ||
          b->getOpcode() == BO_Mul) &&
         integerOfParameters(b->getLHS(), ctor) &&
         integerOfParameters(b->getRHS(), ctor);
}

/// An address into what a pointer parameter of `ctor` points at: `p`,
/// `&p[k]`, `p + k`, with k an integerOfParameters.
bool addressOfParameter(QualType pointer, const clang::Expr *e,
                        const CXXConstructorDecl *ctor) {
  AddressArgument at;
  if (!addressOf(pointer, e, at, /*whole=*/true))
    return false;
  if (at.lvalue) {
    const auto *s = dyn_cast<ArraySubscriptExpr>(at.lvalue);
    return s && parameterOf(s->getBase(), ctor) &&
           integerOfParameters(s->getIdx(), ctor);
  }
  const ParmVarDecl *p = parameterOf(at.array, ctor);
  return p && p->getType()->isPointerType() &&
         std::all_of(at.offsets.begin(), at.offsets.end(),
                     [&](const AddressArgument::Offset &o) {
                       return integerOfParameters(o.by, ctor);
                     });
}

/// `value`, given to a field or a parameter of type `type` inside `ctor`,
/// is made of the constructor's parameters the way viewConstructor allows.
bool viewPart(QualType type, const clang::Expr *value,
              const CXXConstructorDecl *ctor) {
  if (type->isPointerType())
    return addressOfParameter(type, value, ctor);
  if (type->isIntegralOrEnumerationType())
    return integerOfParameters(value, ctor);
  const auto *ce = dyn_cast<CXXConstructExpr>(value->IgnoreImplicit());
  if (!ce || !splitClass(type))
    return false;
  const CXXConstructorDecl *nested = ce->getConstructor();
  if (!nested->isUserProvided())
    return nested->isDefaultConstructor() && ce->getNumArgs() == 0;
  if (!viewConstructor(nested))
    return false;
  for (unsigned i = 0; i < ce->getNumArgs(); ++i)
    if (!viewPart(nested->getParamDecl(i)->getType(), ce->getArg(i), ctor))
      return false;
  return true;
}

} // namespace

bool viewConstructor(const CXXConstructorDecl *ctor) {
  if (!ctor || !ctor->isUserProvided() || ctor->isCopyOrMoveConstructor() ||
      !ctor->hasBody() || ctor->getParent()->getNumBases() > 0 ||
      !splitClass(QualType(ctor->getParent()->getTypeForDecl(), 0)))
    return false;
  const auto *body = dyn_cast<CompoundStmt>(ctor->getBody());
  if (!body || !body->body_empty())
    return false;
  for (const ParmVarDecl *p : ctor->parameters())
    if (!(p->getType()->isIntegralOrEnumerationType() ||
          (p->getType()->isPointerType() &&
           (p->getType()->getPointeeType()->isRealFloatingType() ||
            p->getType()->getPointeeType()->isIntegerType()))))
      return false;
  bool views = false;
  for (const CXXCtorInitializer *init : ctor->inits()) {
    const FieldDecl *f = init->getMember();
    if (!f || !init->getInit())
      return false; // a base, a delegating constructor
    if (!init->isWritten() &&
        isa<CXXDefaultInitExpr, ImplicitValueInitExpr>(init->getInit()))
      continue; // a default member initializer, run as it is
    if (!viewPart(f->getType(), init->getInit(), ctor))
      return false;
    views = views || f->getType()->isPointerType() || splitClass(f->getType());
  }
  return views;
}

} // namespace tangent
