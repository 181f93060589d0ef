//===- AstShapesAllocation.cpp - arrays the function allocates -----------===//
//
// The part of AstShapes.h about storage a function allocates and frees
// itself: `new T[n]`, `std::unique_ptr<T[]>`, C's `malloc`/`calloc` and
// `free`, and functions of yours that only wrap them (`Allocate<T>(n)`,
// `Release(&p)`). Such a pointer owns its array: the lowering gives it a
// std::vector of the allocated size (LowerDecl.cpp), so that the array is
// a variable like any other, and a free is where its storage ends.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include <functional>

using namespace clang;

namespace tangent {

namespace {

/// An allocation wraps at most this many functions deep.
constexpr int kWrapperDepth = 4;

bool numberType(QualType t) {
  return t->isRealFloatingType() || t->isIntegerType();
}

/// Whether `fd` is C's function `name` (also through std::).
bool cFunction(const FunctionDecl *fd, StringRef name) {
  return fd && fd->getIdentifier() && fd->getName() == name &&
         (fd->isExternC() || fd->isInStdNamespace());
}

/// `new T[n]` (or `new T`) of a floating-point or integral T, without
/// placement and with no initializer or a value-initializing one.
bool arrayNew(const clang::Expr *e, OwnedArray &out) {
  const auto *n =
      dyn_cast_or_null<CXXNewExpr>(e ? e->IgnoreParenImpCasts() : nullptr);
  if (!n || n->getNumPlacementArgs() != 0)
    return false;
  QualType t = n->getAllocatedType();
  if (!numberType(t))
    return false;
  if (const clang::Expr *init = n->getInitializer()) {
    const clang::Expr *i = init->IgnoreImplicit();
    const auto *list = dyn_cast<InitListExpr>(i);
    if (!(isa<ImplicitValueInitExpr, CXXScalarValueInitExpr>(i) ||
          (list && list->getNumInits() == 0)))
      return false;
  }
  out.element = t;
  out.count = n->isArray() ? *n->getArraySize() : nullptr;
  if (out.count)
    out.count = out.count->IgnoreImpCasts();
  return true;
}

/// `static_cast<T *>(malloc(bytes))` or `(T *)malloc(bytes)`, the bytes
/// `n * sizeof(T)`, `sizeof(T) * n` or `sizeof(T)`; `(T *)calloc(n,
/// sizeof(T))`.
bool cAllocation(const clang::Expr *e, OwnedArray &out) {
  const auto *cast = dyn_cast<ExplicitCastExpr>(e->IgnoreParens());
  if (!cast || !cast->getType()->isPointerType())
    return false;
  const QualType t = cast->getType()->getPointeeType().getUnqualifiedType();
  const auto *call =
      dyn_cast<CallExpr>(cast->getSubExpr()->IgnoreParenImpCasts());
  const FunctionDecl *fd = call ? call->getDirectCallee() : nullptr;
  if (!numberType(t) || !fd)
    return false;
  out.element = t;
  if (cFunction(fd, "malloc") && call->getNumArgs() == 1) {
    const clang::Expr *bytes = call->getArg(0);
    if (sizeOfElement(bytes, t)) {
      out.count = nullptr; // one element
      return true;
    }
    bool whole_array = false;
    out.count = elementCount(bytes, t, whole_array);
    if (out.count)
      out.count = out.count->IgnoreImpCasts();
    return out.count && !whole_array;
  }
  if (cFunction(fd, "calloc") && call->getNumArgs() == 2)
    for (unsigned size : {1u, 0u})
      if (sizeOfElement(call->getArg(size), t)) {
        out.count = call->getArg(1 - size)->IgnoreImpCasts();
        return true;
      }
  return false;
}

bool allocation(const clang::Expr *e, OwnedArray &out, int depth);

/// A call of a function of yours whose body only returns an allocation
/// (`template <class T> T *Allocate(std::size_t n) { return
/// static_cast<T *>(malloc(sizeof(T) * n)); }`): that allocation, its
/// count the argument given for the parameter it is (or a literal).
bool allocatingCall(const clang::Expr *e, OwnedArray &out, int depth) {
  const auto *call = dyn_cast<CallExpr>(e->IgnoreParenImpCasts());
  const FunctionDecl *fd = call ? call->getDirectCallee() : nullptr;
  const FunctionDecl *def = nullptr;
  if (!fd || depth >= kWrapperDepth || isa<CXXMethodDecl>(fd) ||
      !fd->hasBody(def) || !def)
    return false;
  const auto *body = dyn_cast<CompoundStmt>(def->getBody());
  const auto *ret = body && body->size() == 1
                        ? dyn_cast<ReturnStmt>(body->body_front())
                        : nullptr;
  if (!ret || !ret->getRetValue() ||
      !allocation(ret->getRetValue(), out, depth + 1))
    return false;
  if (!out.count || isa<IntegerLiteral>(out.count->IgnoreParenImpCasts()))
    return true;
  const auto *dre = dyn_cast<DeclRefExpr>(out.count->IgnoreParenImpCasts());
  const auto *parm = dre ? dyn_cast<ParmVarDecl>(dre->getDecl()) : nullptr;
  if (!parm || parm->getDeclContext() != def ||
      parm->getFunctionScopeIndex() >= call->getNumArgs())
    return false;
  out.count = call->getArg(parm->getFunctionScopeIndex())->IgnoreImpCasts();
  return true;
}

bool allocation(const clang::Expr *e, OwnedArray &out, int depth) {
  return arrayNew(e, out) || cAllocation(e, out) ||
         allocatingCall(e, out, depth);
}

/// Whether `e` is a null pointer constant (`NULL`, `nullptr`, `0`).
bool nullConstant(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *c = dyn_cast<ExplicitCastExpr>(e))
    e = c->getSubExpr()->IgnoreParenImpCasts();
  const auto *lit = dyn_cast<IntegerLiteral>(e);
  return isa<CXXNullPtrLiteralExpr, GNUNullExpr>(e) ||
         (lit && lit->getValue() == 0);
}

/// Whether `e` is `*p` of the parameter `p`.
bool derefOf(const clang::Expr *e, const ParmVarDecl *p) {
  const auto *u = dyn_cast<UnaryOperator>(e->IgnoreParenImpCasts());
  const auto *dre =
      u && u->getOpcode() == UO_Deref
          ? dyn_cast<DeclRefExpr>(u->getSubExpr()->IgnoreParenImpCasts())
          : nullptr;
  return dre && dre->getDecl() == p;
}

/// Whether `s`, in a function releasing what `p` points at, only frees
/// `*p`, sets it to null or tests it against null; `frees` counts the
/// frees.
bool releases(const clang::Stmt *s, const ParmVarDecl *p, int &frees) {
  if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
    for (const clang::Stmt *c : cs->body())
      if (!releases(c, p, frees))
        return false;
    return true;
  }
  if (const auto *is = dyn_cast<IfStmt>(s)) {
    const clang::Expr *cond = is->getCond()->IgnoreParenImpCasts();
    const auto *cmp = dyn_cast<BinaryOperator>(cond);
    const bool test =
        derefOf(cond, p) ||
        (cmp && cmp->isEqualityOp() &&
         ((derefOf(cmp->getLHS(), p) && nullConstant(cmp->getRHS())) ||
          (derefOf(cmp->getRHS(), p) && nullConstant(cmp->getLHS()))));
    return test && !is->getElse() && !is->getInit() &&
           !is->getConditionVariable() && releases(is->getThen(), p, frees);
  }
  if (const auto *c = dyn_cast<CallExpr>(s);
      c && cFunction(c->getDirectCallee(), "free") && c->getNumArgs() == 1 &&
      derefOf(c->getArg(0), p))
    return ++frees;
  if (const auto *d = dyn_cast<CXXDeleteExpr>(s);
      d && derefOf(d->getArgument(), p))
    return ++frees;
  const auto *b = dyn_cast<BinaryOperator>(s);
  return b && b->getOpcode() == BO_Assign && derefOf(b->getLHS(), p) &&
         nullConstant(b->getRHS());
}

/// Whether every change in `s` of the pointer `names` matches is an
/// allocation assigned to it (or, with `null_ok`, null); `allocations`
/// counts the allocations.
bool onlyAllocated(const clang::Stmt *s,
                   const std::function<bool(const clang::Expr *)> &names,
                   bool null_ok, int &allocations) {
  if (!s)
    return true;
  if (const auto *b = dyn_cast<BinaryOperator>(s);
      b && b->isAssignmentOp() && names(b->getLHS())) {
    OwnedArray oa;
    if (b->getOpcode() == BO_Assign && allocation(b->getRHS(), oa, 0))
      ++allocations;
    else if (b->getOpcode() != BO_Assign || !null_ok ||
             !nullConstant(b->getRHS()))
      return false;
  }
  if (const auto *u = dyn_cast<UnaryOperator>(s);
      u && u->isIncrementDecrementOp() && names(u->getSubExpr()))
    return false;
  for (const clang::Stmt *child : s->children())
    if (!onlyAllocated(child, names, null_ok, allocations))
      return false;
  return true;
}

/// The owned field `e` names (`m_dxx`, `d.m_dxx`), or null.
const FieldDecl *ownedFieldNamed(const clang::Expr *e) {
  const auto *me = dyn_cast<MemberExpr>(e->IgnoreParenImpCasts());
  const auto *f = me ? dyn_cast<FieldDecl>(me->getMemberDecl()) : nullptr;
  return f && ownedField(f) ? f : nullptr;
}

} // namespace

const VarDecl *allocationAssignment(const clang::Expr *e, OwnedArray &out) {
  const auto *b = dyn_cast<BinaryOperator>(e->IgnoreParens());
  if (!b || b->getOpcode() != BO_Assign)
    return nullptr;
  const auto *dre = dyn_cast<DeclRefExpr>(b->getLHS()->IgnoreParenImpCasts());
  const auto *vd = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
  out = OwnedArray{};
  return vd && vd->getType()->isPointerType() && allocation(b->getRHS(), out, 0)
             ? vd
             : nullptr;
}

bool ownedField(const FieldDecl *f) {
  const QualType t = f->getType();
  const auto *rd = dyn_cast<CXXRecordDecl>(f->getParent());
  if (!rd || !t->isPointerType() || t.isConstQualified() ||
      !numberType(t->getPointeeType()) ||
      t->getPointeeType().isConstQualified() ||
      (f->hasInClassInitializer() && !nullConstant(f->getInClassInitializer())))
    return false;
  int allocations = 0;
  for (const CXXMethodDecl *m : rd->methods()) {
    const FunctionDecl *def = nullptr;
    if (!m->hasBody(def) || !def)
      continue;
    if (const auto *ctor = dyn_cast<CXXConstructorDecl>(def))
      for (const CXXCtorInitializer *init : ctor->inits())
        if (init->getMember() == f && init->isWritten() &&
            !nullConstant(init->getInit()->IgnoreImplicit()) &&
            !isa<ImplicitValueInitExpr>(init->getInit()->IgnoreImplicit()))
          return false;
    auto names = [&](const clang::Expr *e) {
      const auto *me = dyn_cast<MemberExpr>(e->IgnoreParenImpCasts());
      return me && me->getMemberDecl() == f;
    };
    if (!onlyAllocated(def->getBody(), names, true, allocations))
      return false;
  }
  return allocations > 0;
}

const MemberExpr *fieldAllocation(const clang::Expr *e, OwnedArray &out) {
  const auto *b = dyn_cast<BinaryOperator>(e->IgnoreParens());
  if (!b || b->getOpcode() != BO_Assign || !ownedFieldNamed(b->getLHS()))
    return nullptr;
  out = OwnedArray{};
  if (!allocation(b->getRHS(), out, 0))
    return nullptr;
  out.later = true;
  return cast<MemberExpr>(b->getLHS()->IgnoreParenImpCasts());
}

const MemberExpr *releasedField(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  const auto *c = dyn_cast<CallExpr>(e);
  const auto *d = dyn_cast<CXXDeleteExpr>(e);
  const clang::Expr *freed = c   ? freedPointer(c)
                             : d ? d->getArgument()->IgnoreParenImpCasts()
                                 : nullptr;
  if (const auto *d = freed ? ownedFieldNamed(freed) : nullptr; !d)
    return nullptr;
  return cast<MemberExpr>(freed->IgnoreParenImpCasts());
}

bool isUniqueArray(QualType t) {
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      t.getNonReferenceType()->getAsCXXRecordDecl());
  if (!spec || !spec->isInStdNamespace() || spec->getName() != "unique_ptr" ||
      spec->getTemplateArgs().size() < 1)
    return false;
  QualType e = spec->getTemplateArgs()[0].getAsType();
  if (const auto *a = dyn_cast<IncompleteArrayType>(e.getTypePtr()))
    e = a->getElementType();
  return e->isRealFloatingType() || e->isIntegerType();
}

bool ownedArray(const VarDecl *vd, OwnedArray &out) {
  out = OwnedArray{};
  const clang::Expr *init = vd->getInit();
  if (!init) {
    // `double *p;`, then `p = Allocate<double>(n);`.
    const clang::Stmt *body = enclosingBody(vd);
    int allocations = 0;
    if (isa<ParmVarDecl>(vd) || !vd->getType()->isPointerType() ||
        !numberType(vd->getType()->getPointeeType()) || !body ||
        !onlyAllocated(
            body,
            [&](const clang::Expr *e) {
              const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
              return dre && dre->getDecl() == vd;
            },
            false, allocations) ||
        allocations == 0)
      return false;
    out.element = vd->getType()->getPointeeType().getUnqualifiedType();
    out.later = true;
    return true;
  }
  if (vd->getType()->isPointerType())
    return allocation(init, out, 0);
  if (!isUniqueArray(vd->getType()))
    return false;
  out.unique = true;
  const clang::Expr *e = init->IgnoreImplicit();
  // unique_ptr<T[]> p(new T[n]) (or = ...): its constructor's argument.
  if (const auto *ctor = dyn_cast<CXXConstructExpr>(e);
      ctor && ctor->getNumArgs() >= 1) {
    if (arrayNew(ctor->getArg(0), out)) {
      out.unique = true;
      return true;
    }
    e = ctor->getArg(0)->IgnoreImplicit();
  }
  // std::make_unique<T[]>(n).
  const auto *call = dyn_cast<CallExpr>(e);
  const FunctionDecl *fd = call ? call->getDirectCallee() : nullptr;
  if (!fd || !fd->isInStdNamespace() || !fd->getIdentifier() ||
      fd->getName() != "make_unique" || call->getNumArgs() != 1 ||
      !call->getArg(0)->getType()->isIntegralOrEnumerationType())
    return false;
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      vd->getType()->getAsCXXRecordDecl());
  QualType elem = spec->getTemplateArgs()[0].getAsType();
  const auto *arr = dyn_cast<IncompleteArrayType>(elem.getTypePtr());
  if (!arr)
    return false; // make_unique<T>(value): one element with a value
  out.element = arr->getElementType();
  out.count = call->getArg(0)->IgnoreImpCasts();
  return true;
}

const VarDecl *deletedPointer(const CXXDeleteExpr *d) {
  const auto *dre =
      dyn_cast<DeclRefExpr>(d->getArgument()->IgnoreParenImpCasts());
  return dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
}

bool releasedByWrapper(const VarDecl *p) {
  const clang::Stmt *body = enclosingBody(p);
  std::function<bool(const clang::Stmt *)> walk = [&](const clang::Stmt *s) {
    if (!s)
      return false;
    if (const auto *c = dyn_cast<CallExpr>(s);
        c && !cFunction(c->getDirectCallee(), "free"))
      if (const clang::Expr *freed = freedPointer(c)) {
        const auto *dre = dyn_cast<DeclRefExpr>(freed->IgnoreParenImpCasts());
        if (dre && dre->getDecl() == p)
          return true;
      }
    for (const clang::Stmt *child : s->children())
      if (walk(child))
        return true;
    return false;
  };
  return body && walk(body);
}

const clang::Expr *freedPointer(const CallExpr *c) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (cFunction(fd, "free") && c->getNumArgs() == 1)
    return c->getArg(0)->IgnoreParenImpCasts();
  const FunctionDecl *def = nullptr;
  if (!fd || isa<CXXMethodDecl>(fd) || fd->getNumParams() != 1 ||
      c->getNumArgs() != 1 || !fd->hasBody(def) || !def)
    return nullptr;
  const ParmVarDecl *p = def->getParamDecl(0);
  const QualType t = p->getType();
  if (!t->isPointerType() || !t->getPointeeType()->isPointerType() ||
      !numberType(t->getPointeeType()->getPointeeType()))
    return nullptr;
  int frees = 0;
  if (!releases(def->getBody(), p, frees) || frees == 0)
    return nullptr;
  // `Release(&p)`: p.
  const auto *u = dyn_cast<UnaryOperator>(c->getArg(0)->IgnoreParenImpCasts());
  return u && u->getOpcode() == UO_AddrOf ? u->getSubExpr()->IgnoreParens()
                                          : nullptr;
}

bool copySharesStorage(const CXXRecordDecl *rd) {
  if (!rd || !rd->hasDefinition())
    return false;
  const CXXDestructorDecl *dtor = rd->getDestructor();
  if (!dtor || !dtor->isUserProvided())
    return false;
  for (const CXXConstructorDecl *c : rd->ctors())
    if (c->isCopyConstructor() && (c->isUserProvided() || c->isDeleted()))
      return false;
  std::function<bool(const CXXRecordDecl *)> pointers =
      [&](const CXXRecordDecl *r) {
        for (const FieldDecl *f : r->fields())
          if (f->getType()->isPointerType() ||
              (splitClass(f->getType()) && pointers(splitClass(f->getType()))))
            return true;
        for (const CXXBaseSpecifier &b : r->bases())
          if (const CXXRecordDecl *base = splitClass(b.getType());
              base && pointers(base))
            return true;
        return false;
      };
  return pointers(rd);
}

} // namespace tangent
