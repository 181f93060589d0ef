//===- AstShapesStd.cpp - shapes of standard library values --------------===//
//
// The part of AstShapes.h about std::pair and std::tuple, rows of vectors
// of vectors, std::max / std::min with a comparator, `v.data()` and the
// spelling of macro arguments (MPI calls): what the
// validator and the lowering both read off these expressions.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace tangent {

bool tupleParts(const clang::Expr *x,
                llvm::SmallVectorImpl<const clang::Expr *> &parts) {
  parts.clear();
  x = bareObject(x);
  llvm::SmallVector<QualType, 4> elements;
  if (!tupleElements(x->getType(), elements))
    return false;
  if (const auto *ce = dyn_cast<CXXConstructExpr>(x)) {
    if (ce->getConstructor()->isCopyOrMoveConstructor())
      return false;
    for (const clang::Expr *a : writtenArguments(ce))
      parts.push_back(a);
  } else if (const auto *c = dyn_cast<CallExpr>(x)) {
    const FunctionDecl *fd = c->getDirectCallee();
    if (!fd || !fd->isInStdNamespace() || !fd->getIdentifier() ||
        !(fd->getName() == "make_pair" || fd->getName() == "make_tuple"))
      return false;
    for (const clang::Expr *a : c->arguments())
      parts.push_back(a);
  } else {
    return false;
  }
  // One value per element, each a number (not a pair or tuple converted
  // as a whole), or none.
  for (const clang::Expr *p : parts)
    if (!p->getType()->isRealFloatingType() &&
        !p->getType()->isIntegralOrEnumerationType())
      return false;
  return parts.empty() || parts.size() == elements.size();
}

const clang::Expr *tupleGet(const CallExpr *c, unsigned &index) {
  const FunctionDecl *fd = c->getDirectCallee();
  llvm::SmallVector<QualType, 4> elements;
  if (!fd || !fd->isInStdNamespace() || !fd->getIdentifier() ||
      fd->getName() != "get" || c->getNumArgs() != 1 ||
      !tupleElements(c->getArg(0)->getType(), elements))
    return nullptr;
  const TemplateArgumentList *targs = fd->getTemplateSpecializationArgs();
  if (!targs || targs->size() < 1)
    return nullptr;
  if (targs->get(0).getKind() == TemplateArgument::Integral) {
    index = unsigned(targs->get(0).getAsIntegral().getZExtValue());
    return index < elements.size() ? c->getArg(0) : nullptr;
  }
  if (targs->get(0).getKind() != TemplateArgument::Type)
    return nullptr;
  // `std::get<T>(t)`: the one element of type T (the library rejects the
  // call when there is not exactly one).
  QualType wanted = targs->get(0).getAsType().getCanonicalType();
  for (size_t i = 0; i < elements.size(); ++i)
    if (elements[i].getCanonicalType() == wanted) {
      index = unsigned(i);
      return c->getArg(0);
    }
  return nullptr;
}

const clang::Expr *rowOf(ASTContext &ctx, const clang::Expr *e,
                         const clang::Expr **index) {
  e = e->IgnoreParenImpCasts();
  const clang::Expr *base = nullptr, *at = nullptr;
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
      op && op->getOperator() == OO_Subscript)
    base = op->getArg(0), at = op->getArg(1);
  else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e);
           mc && mc->getMethodDecl() &&
           mc->getMethodDecl()->getName() == "at" && mc->getNumArgs() == 1)
    base = mc->getImplicitObjectArgument(), at = mc->getArg(0);
  else if (ContainerMember cm; isa<CXXMemberCallExpr>(e) &&
                               containerCall(cast<CallExpr>(e), cm) &&
                               (cm.kind == ContainerMember::Kind::Back ||
                                cm.kind == ContainerMember::Kind::Front))
    base = cm.container; // no index of its own
  Type t;
  if (!base || !lowerType(ctx, base->getType(), t) || !t.isNested())
    return nullptr;
  if (index)
    *index = at;
  return base;
}

const VarDecl *rootVariable(const clang::Expr *e) {
  for (;;) {
    e = bareObject(e->IgnoreParenImpCasts());
    if (const auto *me = dyn_cast<MemberExpr>(e); me && !me->isArrow())
      e = me->getBase();
    else
      break;
  }
  const auto *dre = dyn_cast<DeclRefExpr>(e);
  return dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
}

unsigned mentions(const clang::Stmt *e, const VarDecl *vd) {
  if (!e)
    return 0;
  unsigned n = 0;
  if (const auto *dre = dyn_cast<DeclRefExpr>(e); dre && dre->getDecl() == vd)
    ++n;
  for (const clang::Stmt *child : e->children())
    n += mentions(child, vd);
  return n;
}

const VarDecl *referredVariable(const VarDecl *vd) {
  for (int hops = 0; vd && hops < 64; ++hops) {
    if (!vd->getType()->isReferenceType() || !vd->getInit())
      return vd;
    const auto *dre =
        dyn_cast<DeclRefExpr>(vd->getInit()->IgnoreParenImpCasts());
    const auto *next = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
    if (!next)
      return vd;
    vd = next;
  }
  return vd;
}

unsigned mentionsThrough(const clang::Stmt *e, const VarDecl *vd) {
  if (!e)
    return 0;
  unsigned n = 0;
  if (const auto *dre = dyn_cast<DeclRefExpr>(e))
    if (const auto *v = dyn_cast<VarDecl>(dre->getDecl());
        v && referredVariable(v) == vd)
      ++n;
  for (const clang::Stmt *child : e->children())
    n += mentionsThrough(child, vd);
  return n;
}

bool tiedTargets(const clang::Expr *x,
                 llvm::SmallVectorImpl<const clang::Expr *> &targets) {
  targets.clear();
  const auto *c = dyn_cast<CallExpr>(x->IgnoreParenImpCasts());
  const FunctionDecl *fd = c ? c->getDirectCallee() : nullptr;
  if (!fd || !fd->isInStdNamespace() || !fd->getIdentifier() ||
      fd->getName() != "tie")
    return false;
  for (const clang::Expr *a : c->arguments()) {
    const auto *dre = dyn_cast<DeclRefExpr>(a->IgnoreParenImpCasts());
    const auto *vd = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
    bool ignore = vd && vd->isInStdNamespace() && vd->getIdentifier() &&
                  vd->getName() == "ignore";
    targets.push_back(ignore ? nullptr : a);
  }
  return true;
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

bool extremeOfList(const CallExpr *c,
                   llvm::SmallVectorImpl<const clang::Expr *> &elements) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd || !fd->isInStdNamespace() || !fd->getIdentifier() ||
      c->getNumArgs() != 1 ||
      !(fd->getName() == "max" || fd->getName() == "min"))
    return false;
  const auto *list =
      dyn_cast<CXXStdInitializerListExpr>(c->getArg(0)->IgnoreImplicit());
  const auto *init =
      list ? dyn_cast<InitListExpr>(list->getSubExpr()->IgnoreImplicit())
           : nullptr;
  if (!init || init->getNumInits() == 0)
    return false;
  for (const clang::Expr *e : init->inits())
    elements.push_back(e);
  return true;
}

std::optional<Op> standardComparisonOp(const clang::Expr *comp) {
  const auto *rd = comp->getType()->getAsCXXRecordDecl();
  if (!rd || !rd->isInStdNamespace() || !rd->getIdentifier())
    return std::nullopt;
  llvm::StringRef n = rd->getName();
  if (n == "less")
    return Op::Lt;
  if (n == "greater")
    return Op::Gt;
  if (n == "less_equal")
    return Op::Le;
  if (n == "greater_equal")
    return Op::Ge;
  return std::nullopt;
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

std::string spelledAs(const clang::Expr *e, ASTContext &ctx) {
  const SourceManager &sm = ctx.getSourceManager();
  CharSourceRange r = sm.getExpansionRange(e->getSourceRange());
  return Lexer::getSourceText(r, sm, ctx.getLangOpts()).str();
}

const clang::Expr *dataObject(const clang::Expr *e) {
  const auto *mc = dyn_cast<CXXMemberCallExpr>(e->IgnoreParenImpCasts());
  if (mc && mc->getMethodDecl() && mc->getMethodDecl()->getName() == "data")
    return mc->getImplicitObjectArgument();
  return nullptr;
}

namespace {

/// `v.data()` of a vector or std::array, `p.get()` of a
/// std::unique_ptr<T[]>: `v`, `p`.
const clang::Expr *dataOf(const clang::Expr *e) {
  const auto *mc = dyn_cast<CXXMemberCallExpr>(e->IgnoreParenImpCasts());
  if (!mc || mc->getNumArgs() != 0 || !mc->getMethodDecl())
    return nullptr;
  const std::string name = mc->getMethodDecl()->getNameAsString();
  const clang::Expr *object = mc->getImplicitObjectArgument();
  if (name == "data" || (name == "get" && isUniqueArray(object->getType())))
    return object;
  return nullptr;
}

/// A pointer field of an object (`s.hidden`, `p->weight`), not of `this`.
bool pointerField(const clang::Expr *e) {
  const auto *me = dyn_cast<MemberExpr>(e);
  return me && me->getType()->isPointerType() &&
         isa<FieldDecl>(me->getMemberDecl()) &&
         !isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts());
}

/// A C array field of an object (`a.v`, `p->v`, `v` in a member function):
/// a std::array of its elements to the IR (Types.h: cArrayField).
bool cArrayMember(const clang::Expr *e) {
  const auto *me = dyn_cast<MemberExpr>(e);
  return me && me->getType()->isConstantArrayType() &&
         isa<FieldDecl>(me->getMemberDecl()) &&
         splitClass(QualType(cast<FieldDecl>(me->getMemberDecl())
                                 ->getParent()
                                 ->getTypeForDecl(),
                             0));
}

/// The array an address is an element of: a pointer or a C array named by
/// a variable, a pointer field, a C array field, or a vector's data().
const clang::Expr *arrayOf(const clang::Expr *e) {
  if (const clang::Expr *v = dataOf(e))
    return v;
  const clang::Expr *bare = e->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(bare) && (bare->getType()->isPointerType() ||
                                 bare->getType()->isConstantArrayType()))
    return bare;
  if (pointerField(bare) || cArrayMember(bare))
    return bare;
  return nullptr;
}

} // namespace

bool addressArgument(const ParmVarDecl *p, const clang::Expr *arg,
                     AddressArgument &out) {
  if (!p)
    return false;
  if (Type rows; lowerMultiPointer(p->getASTContext(), p->getType(), rows))
    return rowsArgument(p->getASTContext(), arg, out); // `double b[][8]`
  if (addressOf(p->getType(), arg, out, false))
    return true;
  // A C array field bound to a reference to an array (`const double
  // (&w)[3]`, which generated code passes as a pointer): its address.
  if (p->getType()->isReferenceType() &&
      p->getType().getNonReferenceType()->isConstantArrayType() &&
      cArrayMember(arg->IgnoreParenImpCasts())) {
    out = {};
    out.array = arg->IgnoreParenImpCasts();
    return true;
  }
  // A row of a multi-dimensional local C array (`dot(m[i], v, 3)`): the
  // address of its first element, as `&m[i][0]` would be.
  const clang::Expr *e = arg->IgnoreParens();
  while (const auto *c = dyn_cast<ImplicitCastExpr>(e)) {
    if (c->getCastKind() == CK_ArrayToPointerDecay) {
      MultiArrayAccess ma;
      const clang::Expr *row = c->getSubExpr()->IgnoreParens();
      QualType pt = p->getType();
      if (!pt->isPointerType() || !pt->getPointeeType()->isArithmeticType() ||
          !multiArrayAccess(p->getASTContext(), row, ma) || ma.element())
        return false;
      out = {};
      out.lvalue = row;
      return true;
    }
    if (c->getCastKind() != CK_NoOp)
      break;
    e = c->getSubExpr()->IgnoreParens();
  }
  return false;
}

namespace {

/// `e` without parentheses and no-op casts (`double *` given to `const
/// double *`: a qualification conversion).
const clang::Expr *withoutNoOps(const clang::Expr *e) {
  e = e->IgnoreParens();
  while (const auto *c = dyn_cast<ImplicitCastExpr>(e)) {
    if (c->getCastKind() != CK_NoOp)
      break;
    e = c->getSubExpr()->IgnoreParens();
  }
  return e;
}

/// `&a[k]` of a named pointer, array or vector (for an offset from it:
/// `&a[k] + n` is `a + k + n`).
bool elementAddress(const clang::Expr *e, AddressArgument &out) {
  const auto *u = dyn_cast<UnaryOperator>(withoutNoOps(e));
  if (!u || u->getOpcode() != UO_AddrOf)
    return false;
  const clang::Expr *lv = u->getSubExpr()->IgnoreParens();
  const clang::Expr *base = nullptr, *index = nullptr;
  if (const auto *s = dyn_cast<ArraySubscriptExpr>(lv)) {
    base = s->getBase();
    index = s->getIdx();
  } else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(lv);
             op && op->getOperator() == OO_Subscript && op->getNumArgs() == 2) {
    base = op->getArg(0);
    index = op->getArg(1);
  }
  if (!base)
    return false;
  const clang::Expr *bare = base->IgnoreParenImpCasts();
  if (!isa<DeclRefExpr>(bare) && !cArrayMember(bare))
    return false;
  out = {};
  out.array = bare;
  out.offsets.push_back({index, false});
  return true;
}

/// `a + k`, `k + a`, `a - k`, and such sums nested (`a + i + 1`).
bool offsetAddress(const clang::Expr *e, AddressArgument &out) {
  const auto *b = dyn_cast<BinaryOperator>(withoutNoOps(e));
  if (!b || !(b->getOpcode() == BO_Add ||
              (b->getOpcode() == BO_Sub && b->getType()->isPointerType())))
    return false;
  const bool left = b->getLHS()->getType()->isPointerType();
  const clang::Expr *base = left ? b->getLHS() : b->getRHS();
  if (!offsetAddress(base, out) && !elementAddress(base, out)) {
    const clang::Expr *a = arrayOf(base);
    if (!a)
      return false;
    out = {};
    out.array = a;
  }
  out.offsets.push_back(
      {left ? b->getRHS() : b->getLHS(), b->getOpcode() == BO_Sub});
  return true;
}

/// Whether `e` is an access of a multi-dimensional C array (`m[i]`,
/// `s.m[i]`, `b[i]` of `double b[][8]`), read into `ma`.
bool rowOfMultiArray(const clang::Expr *e, MultiArrayAccess &ma) {
  const clang::Expr *base = e->IgnoreParens();
  while (const auto *s = dyn_cast<ArraySubscriptExpr>(base))
    base = s->getBase()->IgnoreParenImpCasts();
  const Decl *d = nullptr;
  if (const auto *dre = dyn_cast<DeclRefExpr>(base))
    d = dre->getDecl();
  else if (const auto *me = dyn_cast<MemberExpr>(base))
    d = me->getMemberDecl();
  return d && base != e->IgnoreParens() &&
         multiArrayAccess(d->getASTContext(), e, ma);
}

} // namespace

bool addressOf(QualType pointer, const clang::Expr *arg, AddressArgument &out,
               bool whole) {
  if (!pointer->isPointerType() ||
      !(pointer->getPointeeType()->isRealFloatingType() ||
        pointer->getPointeeType()->isIntegerType()))
    return false;
  const clang::Expr *e = withoutNoOps(arg);
  out = {};
  if (const auto *u = dyn_cast<UnaryOperator>(e);
      u && u->getOpcode() == UO_AddrOf) {
    out.lvalue = u->getSubExpr()->IgnoreParens();
    return true;
  }
  if (offsetAddress(e, out))
    return true;
  if (const clang::Expr *v = dataOf(e)) {
    out.array = v;
    return true;
  }
  const auto *decay = dyn_cast<ImplicitCastExpr>(e);
  if (decay && decay->getCastKind() == CK_ArrayToPointerDecay &&
      (isa<DeclRefExpr>(decay->getSubExpr()->IgnoreParens()) ||
       cArrayMember(decay->getSubExpr()->IgnoreParens()))) {
    out.array = decay->getSubExpr()->IgnoreParens();
    return true;
  }
  // A row of a multi-dimensional C array (`const double *r = m[i];`): the
  // address of its first element, as `&m[i][0]` would be (stored flat).
  if (MultiArrayAccess ma;
      whole && decay && decay->getCastKind() == CK_ArrayToPointerDecay &&
      rowOfMultiArray(decay->getSubExpr()->IgnoreParens(), ma) &&
      !ma.element()) {
    out.lvalue = decay->getSubExpr()->IgnoreParens();
    return true;
  }
  if (const clang::Expr *bare = e->IgnoreParenImpCasts();
      whole && (isa<DeclRefExpr>(bare) || pointerField(bare)) &&
      bare->getType()->isPointerType()) {
    out.array = bare;
    return true;
  }
  // A call of an accessor returning a pointer (`m.corners(e)`): the address
  // it returns, as it is.
  if (const auto *call = dyn_cast<CallExpr>(e->IgnoreParenImpCasts());
      call && call->getType()->isPointerType() &&
      accessorValue(call->getDirectCallee())) {
    out.array = call;
    return true;
  }
  return false;
}

} // namespace tangent
