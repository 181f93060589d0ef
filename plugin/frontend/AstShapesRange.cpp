//===- AstShapesRange.cpp - ranges given to standard algorithms ----------===//
//
// The shapes of the standard algorithms tangent lowers to loops
// (AstShapes.h: RangeAlgorithm), of the ends of their ranges (RangeBound:
// iterators of a container, addresses into an array or a pointer's
// storage), of memcpy / memset byte counts, and of a vector built from a
// range.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "clang/AST/ExprCXX.h"
#include <algorithm>
#include <functional>

using namespace clang;

namespace tangent {

std::vector<const VarDecl *> globalTables(const clang::Stmt *body,
                                          ASTContext &ctx) {
  std::vector<const VarDecl *> out;
  std::function<void(const clang::Stmt *)> visit = [&](const clang::Stmt *s) {
    if (!s)
      return;
    if (const auto *dre = dyn_cast<DeclRefExpr>(s))
      if (const auto *vd = dyn_cast<VarDecl>(dre->getDecl());
          vd && vd->hasGlobalStorage() && !vd->isStaticLocal() &&
          vd->getType().isConstant(ctx) && vd->getInit() &&
          vd->getInit()->isConstantInitializer(ctx, false) &&
          (vd->getType()->isConstantArrayType() ||
           stdTemplate(vd->getType(), "array")) &&
          std::find(out.begin(), out.end(), vd) == out.end())
        out.push_back(vd);
    for (const clang::Stmt *c : s->children())
      visit(c);
  };
  visit(body);
  return out;
}

const clang::Expr *withoutBraceCast(const clang::Expr *e) {
  e = e->IgnoreImplicit();
  // `Vec{a, b}` is `{a, b}`; `Vec(n)` (a constructor called through a
  // functional cast) is the construction `Vec v(n)` spells.
  if (const auto *fc = dyn_cast<CXXFunctionalCastExpr>(e);
      fc && (fc->isListInitialization() ||
             fc->getCastKind() == CK_ConstructorConversion))
    return fc->getSubExpr()->IgnoreImplicit();
  return e;
}

bool containerTemporary(const ParmVarDecl *p, const clang::Expr *arg,
                        ASTContext &ctx) {
  if (!p || isOutputParam(p))
    return false;
  Type pt;
  if (!lowerType(ctx, p->getType(), pt) || !pt.isContainer())
    return false;
  const clang::Expr *e = withoutBraceCast(arg);
  if (isa<InitListExpr>(e) || isa<CXXTemporaryObjectExpr>(e))
    return true;
  // `Vec(n)`: a constructor called through a functional cast.
  if (const auto *fc = dyn_cast<CXXFunctionalCastExpr>(arg->IgnoreImplicit());
      fc && fc->getCastKind() == CK_ConstructorConversion)
    return true;
  if (const auto *ctor = dyn_cast<CXXConstructExpr>(e))
    return ctor->isListInitialization();
  const auto *c = dyn_cast<CallExpr>(e);
  return c && isUserCall(c, ctx) && c->getType()->isRecordType();
}

const clang::Expr *spanSource(const clang::Expr *arg) {
  const clang::Expr *e = arg;
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (const auto *f = dyn_cast<FullExpr>(e))
      e = f->getSubExpr();
    else if (const auto *m = dyn_cast<MaterializeTemporaryExpr>(e))
      e = m->getSubExpr();
    else if (const auto *b = dyn_cast<CXXBindTemporaryExpr>(e))
      e = b->getSubExpr();
    else if (const auto *fc = dyn_cast<CXXFunctionalCastExpr>(e);
             fc && fc->getCastKind() == CK_ConstructorConversion)
      e = fc->getSubExpr();
    else if (const auto *c = dyn_cast<CXXConstructExpr>(e);
             c && c->getNumArgs() == 1 && !isa<CXXTemporaryObjectExpr>(c))
      e = c->getArg(0);
    else
      return e;
  }
}

bool rangeAlgorithm(const CallExpr *c, RangeAlgorithm &out) {
  // `a.fill(x)` of a std::array: std::fill over the whole array.
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c)) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    if (!md || !md->getIdentifier() || md->getName() != "fill" ||
        mc->getNumArgs() != 1 || !stdTemplate(mc->getObjectType(), "array"))
      return false;
    out = RangeAlgorithm{};
    out.kind = RangeAlgorithm::Kind::Fill;
    out.name = "fill";
    out.range = mc->getImplicitObjectArgument();
    out.value = mc->getArg(0);
    out.whole = true;
    return true;
  }
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd || !fd->getIdentifier() || !fd->isInStdNamespace() ||
      isa<CXXMemberCallExpr, CXXOperatorCallExpr>(c))
    return false;
  struct Shape {
    const char *name;
    RangeAlgorithm::Kind kind;
    unsigned args;
  };
  static const Shape shapes[] = {
      {"fill", RangeAlgorithm::Kind::Fill, 3},
      {"copy", RangeAlgorithm::Kind::Copy, 3},
      {"accumulate", RangeAlgorithm::Kind::Accumulate, 3},
      {"inner_product", RangeAlgorithm::Kind::InnerProduct, 4},
      {"max_element", RangeAlgorithm::Kind::MaxElement, 2},
      {"min_element", RangeAlgorithm::Kind::MinElement, 2}};
  const Shape *shape = nullptr;
  for (const Shape &s : shapes)
    if (fd->getName() == s.name && c->getNumArgs() == s.args)
      shape = &s;
  if (!shape)
    return false;
  out = RangeAlgorithm{};
  out.kind = shape->kind;
  out.name = shape->name;
  out.first = c->getArg(0);
  out.last = c->getArg(1);
  const clang::Expr *first = iteratorOf(c->getArg(0), false);
  const clang::Expr *last = iteratorOf(c->getArg(1), true);
  out.range = first;
  bool paired = shape->kind == RangeAlgorithm::Kind::Copy ||
                shape->kind == RangeAlgorithm::Kind::InnerProduct;
  if (paired) {
    out.second_first = c->getArg(2);
    out.second = iteratorOf(c->getArg(2), false);
  }
  if (shape->args > 2 && shape->kind != RangeAlgorithm::Kind::Copy)
    out.value = c->getArg(c->getNumArgs() - 1);
  out.whole =
      first && last && sameContainer(first, last) && (!paired || out.second);
  return true;
}

bool byteAlgorithm(const CallExpr *c, RangeAlgorithm &out) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd || !fd->getIdentifier() || c->getNumArgs() != 3 ||
      isa<CXXMemberCallExpr, CXXOperatorCallExpr>(c))
    return false;
  // std::memcpy or ::memcpy (<cstring> declares both).
  const DeclContext *dc = fd->getDeclContext()->getRedeclContext();
  if (!fd->isInStdNamespace() && !dc->isTranslationUnit())
    return false;
  const llvm::StringRef n = fd->getName();
  if (n != "memcpy" && n != "memset" && n != "memmove")
    return false;
  // The pointers as given, before their conversion to void *.
  auto typed = [](const clang::Expr *e) {
    e = e->IgnoreParens();
    while (const auto *ic = dyn_cast<ImplicitCastExpr>(e)) {
      if (!ic->getType()->isVoidPointerType())
        break;
      e = ic->getSubExpr()->IgnoreParens();
    }
    return e;
  };
  out = RangeAlgorithm{};
  out.whole = false;
  out.bytes = c->getArg(2);
  if (n == "memset") {
    out.kind = RangeAlgorithm::Kind::Fill;
    out.name = "memset";
    out.first = typed(c->getArg(0));
    out.value = c->getArg(1);
  } else {
    out.kind = RangeAlgorithm::Kind::Copy;
    out.name = n == "memcpy" ? "memcpy" : "memmove";
    out.first = typed(c->getArg(1)); // the source: the range read
    out.second_first = typed(c->getArg(0));
  }
  return true;
}

namespace {

/// `e` without parentheses, implicit conversions and copies of an iterator.
const clang::Expr *bareIterator(const clang::Expr *e) {
  return withoutCopies(e->IgnoreParenImpCasts());
}

/// `it + k`, `k + it`, `it - k` of an iterator (an operator of a class
/// iterator, or of a pointer); false for anything else.
bool iteratorOffset(const clang::Expr *e, const clang::Expr *&base,
                    AddressArgument::Offset &by) {
  e = bareIterator(e);
  const clang::Expr *l = nullptr, *r = nullptr;
  bool minus = false;
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
      op && op->getNumArgs() == 2 &&
      (op->getOperator() == OO_Plus || op->getOperator() == OO_Minus)) {
    l = op->getArg(0);
    r = op->getArg(1);
    minus = op->getOperator() == OO_Minus;
  } else if (const auto *b = dyn_cast<BinaryOperator>(e);
             b && (b->getOpcode() == BO_Add || b->getOpcode() == BO_Sub) &&
             b->getType()->isPointerType()) {
    l = b->getLHS();
    r = b->getRHS();
    minus = b->getOpcode() == BO_Sub;
  } else {
    return false;
  }
  const bool left = !l->getType()->isIntegralOrEnumerationType();
  if (!left && minus)
    return false; // k - it
  base = left ? l : r;
  by = {left ? r : l, minus};
  return true;
}

} // namespace

bool rangeBound(const clang::Expr *e, RangeBound &out) {
  out = RangeBound{};
  // The iterator form: a.begin() / a.end() and offsets from them.
  llvm::SmallVector<AddressArgument::Offset, 2> offsets;
  const clang::Expr *at = e;
  for (;;) {
    if (const clang::Expr *c = iteratorOf(at, false)) {
      out.container = c;
      break;
    }
    if (const clang::Expr *c = iteratorOf(at, true)) {
      out.container = c;
      out.end = true;
      break;
    }
    const clang::Expr *base = nullptr;
    AddressArgument::Offset by{};
    if (!iteratorOffset(at, base, by))
      break;
    offsets.insert(offsets.begin(), by);
    at = base;
  }
  if (out.container) {
    out.offsets = offsets;
    return true;
  }
  // The address form.
  return addressOf(e->getType(), e, out.at, /*whole=*/true);
}

bool rangeConstructor(const CXXConstructExpr *ctor) {
  if (ctor->getNumArgs() < 2)
    return false;
  const clang::Expr *a = ctor->getArg(0), *b = ctor->getArg(1);
  auto iterator = [](const clang::Expr *e) {
    QualType t = e->getType();
    return t->isPointerType() ||
           (t->isRecordType() && !isa<CXXDefaultArgExpr>(e));
  };
  // vector(first, last) and vector(first, last, allocator); not vector(n,
  // value) nor vector(n, row).
  return iterator(a) && iterator(b) &&
         a->getType().getCanonicalType() == b->getType().getCanonicalType() &&
         !isa<CXXDefaultArgExpr>(b);
}

bool sizeOfElement(const clang::Expr *e, QualType element) {
  const auto *s = dyn_cast<UnaryExprOrTypeTraitExpr>(e->IgnoreParenImpCasts());
  return s && s->getKind() == UETT_SizeOf &&
         s->getTypeOfArgument().getCanonicalType().getUnqualifiedType() ==
             element.getCanonicalType().getUnqualifiedType();
}

const clang::Expr *elementCount(const clang::Expr *bytes, QualType element,
                                bool &whole_array) {
  whole_array = false;
  const clang::Expr *e = bytes->IgnoreParenImpCasts();
  if (const auto *b = dyn_cast<BinaryOperator>(e);
      b && b->getOpcode() == BO_Mul) {
    if (sizeOfElement(b->getRHS(), element))
      return b->getLHS();
    if (sizeOfElement(b->getLHS(), element))
      return b->getRHS();
    return nullptr;
  }
  // sizeof(a) of a C array of such elements: all of it.
  if (const auto *s = dyn_cast<UnaryExprOrTypeTraitExpr>(e);
      s && s->getKind() == UETT_SizeOf && !s->isArgumentType()) {
    const clang::Expr *a = s->getArgumentExpr()->IgnoreParens();
    if (const auto *arr = dyn_cast<ConstantArrayType>(
            a->getType().getCanonicalType().getTypePtr());
        arr &&
        arr->getElementType().getCanonicalType().getUnqualifiedType() ==
            element.getCanonicalType().getUnqualifiedType() &&
        isa<DeclRefExpr>(a)) {
      whole_array = true;
      return a;
    }
  }
  return nullptr;
}

const CallExpr *dereferencedExtreme(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  const clang::Expr *operand = nullptr;
  if (const auto *u = dyn_cast<UnaryOperator>(e);
      u && u->getOpcode() == UO_Deref)
    operand = u->getSubExpr();
  else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
           op && op->getOperator() == OO_Star && op->getNumArgs() == 1)
    operand = op->getArg(0);
  if (!operand)
    return nullptr;
  const auto *call = dyn_cast<CallExpr>(withoutCopies(operand));
  RangeAlgorithm ra;
  if (!call || !rangeAlgorithm(call, ra) ||
      (ra.kind != RangeAlgorithm::Kind::MaxElement &&
       ra.kind != RangeAlgorithm::Kind::MinElement))
    return nullptr;
  return call;
}

} // namespace tangent
