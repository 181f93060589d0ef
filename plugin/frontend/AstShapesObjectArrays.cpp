//===- AstShapesObjectArrays.cpp - arrays of objects ----------------------===//
//
// Arrays of objects outside std::vector and std::array: a C array of them
// (`Atom as[3]`, split like a std::array of them: one array per field), and
// a pointer parameter that a function indexes (`const Atom *a; a[i].x`, or
// declared `Atom a[]`), split into one pointer per field of the elements,
// and the array `Atom *b = new Atom[n]` allocates (like a std::vector of
// them: one vector per field, freed where it goes out of scope).
// A pointer to an object that the function does not index stays that one
// object, by reference (Types.h: objectPointee). The validator and the
// lowering both decide through this file.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <set>

using namespace clang;

namespace tangent {

const CXXRecordDecl *splitElement(QualType qt) {
  qt = qt.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  // A C array of objects (`Atom as[3]`): split like a std::array of them;
  // one of unknown extent (`Atom[]`, the array `new Atom[n]` allocates):
  // like a std::vector of them.
  if (const auto *arr = dyn_cast<ArrayType>(qt.getTypePtr());
      arr && isa<ConstantArrayType, IncompleteArrayType>(arr)) {
    const CXXRecordDecl *elem = splitClass(arr->getElementType());
    return elem && !elem->isLambda() ? elem : nullptr;
  }
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      qt->getAsCXXRecordDecl());
  if (!spec || !spec->isInStdNamespace() ||
      !(spec->getName() == "vector" || spec->getName() == "array"))
    return nullptr;
  const CXXRecordDecl *elem =
      splitClass(spec->getTemplateArgs()[0].getAsType());
  return elem && !elem->isLambda() ? elem : nullptr;
}

namespace {

/// Whether `e`, bare, names the variable `vd`.
bool names(const clang::Expr *e, const VarDecl *vd) {
  const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  return dre && dre->getDecl() == vd;
}

/// The parameters whose bodies are being searched (a recursion).
std::set<const ParmVarDecl *> &searching() {
  static std::set<const ParmVarDecl *> in_progress;
  return in_progress;
}

/// Finds in a body what makes a pointer parameter an array: `p[i]`, `p + k`
/// or `p - k`, or `p` given to a callee's parameter that is one.
struct IndexFinder : RecursiveASTVisitor<IndexFinder> {
  const ParmVarDecl *param;
  bool found = false;
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *s) {
    found |= names(s->getBase(), param);
    return !found;
  }
  bool VisitBinaryOperator(BinaryOperator *b) {
    found |= (b->getOpcode() == BO_Add || b->getOpcode() == BO_Sub) &&
             (names(b->getLHS(), param) || names(b->getRHS(), param));
    return !found;
  }
  bool VisitCallExpr(CallExpr *c) {
    const FunctionDecl *callee = c->getDirectCallee();
    if (!callee)
      return true;
    // A member call's arguments start after its object.
    const unsigned skip = isa<CXXOperatorCallExpr>(c) &&
                                  isa<CXXMethodDecl>(callee) &&
                                  !cast<CXXMethodDecl>(callee)->isStatic()
                              ? 1
                              : 0;
    for (unsigned i = skip; i < c->getNumArgs(); ++i)
      if (i - skip < callee->getNumParams() && names(c->getArg(i), param))
        found |= objectArrayParam(callee->getParamDecl(i - skip));
    return !found;
  }
};

} // namespace

bool objectArrayParam(const ParmVarDecl *p) {
  if (!p || p->getType()->isReferenceType() ||
      objectPointee(p->getType()).isNull())
    return false;
  if (p->getOriginalType()->isArrayType()) // `Atom a[]`, `Atom a[3]`
    return true;
  // The parameter as the definition names it (a call may see another
  // declaration of the function).
  const auto *fd = dyn_cast<FunctionDecl>(p->getDeclContext());
  const FunctionDecl *def = fd ? fd->getDefinition() : nullptr;
  if (!def || !def->getBody() ||
      p->getFunctionScopeIndex() >= def->getNumParams())
    return false;
  const ParmVarDecl *own = def->getParamDecl(p->getFunctionScopeIndex());
  if (own->getOriginalType()->isArrayType())
    return true;
  if (!searching().insert(own).second)
    return false; // a recursion: decided by what else its body does
  IndexFinder finder;
  finder.param = own;
  finder.TraverseStmt(def->getBody());
  searching().erase(own);
  return finder.found;
}

const CXXNewExpr *ownedObjects(const VarDecl *vd) {
  if (!vd || isa<ParmVarDecl>(vd) || !vd->getInit() ||
      objectPointee(vd->getType()).isNull())
    return nullptr;
  const auto *ne = dyn_cast<CXXNewExpr>(vd->getInit()->IgnoreParenImpCasts());
  return ne && ne->isArray() && ne->getArraySize() &&
                 splitClass(ne->getAllocatedType())
             ? ne
             : nullptr;
}

bool objectView(const VarDecl *vd) {
  ObjectArrayArgument arg;
  if (!vd || isa<ParmVarDecl>(vd) || !vd->getInit() ||
      objectPointee(vd->getType()).isNull() ||
      !objectArrayArgument(vd->getInit(), arg))
    return false;
  // `&obj` is one object; `&as[k]` an element of an array.
  return !arg.one || elementOf(bareObject(arg.base)).container;
}

const clang::Expr *objectArray(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (splitElement(e->getType()) && isa<DeclRefExpr, MemberExpr>(e) &&
      isa<ConstantArrayType>(e->getType()->getUnqualifiedDesugaredType()))
    return e; // a C array of objects, named
  const auto *dre = dyn_cast<DeclRefExpr>(e);
  if (const auto *vd = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
      vd && (objectArrayParam(dyn_cast<ParmVarDecl>(vd)) || ownedObjects(vd) ||
             objectView(vd)))
    return e;
  return nullptr;
}

bool objectArrayArgument(const clang::Expr *a, ObjectArrayArgument &out) {
  const clang::Expr *x = a->IgnoreParenImpCasts();
  out = {};
  // `v.data()` of a vector or array of objects.
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(x);
      mc && mc->getNumArgs() == 0 && mc->getMethodDecl()->getName() == "data" &&
      splitElement(mc->getImplicitObjectArgument()->getType())) {
    out.base = mc->getImplicitObjectArgument();
    return true;
  }
  // `as + k`, `a + k`.
  if (const auto *b = dyn_cast<BinaryOperator>(x);
      b && b->getOpcode() == BO_Add && objectArray(b->getLHS()) &&
      b->getRHS()->getType()->isIntegralOrEnumerationType()) {
    out.base = objectArray(b->getLHS());
    out.offset = b->getRHS();
    return true;
  }
  // `&as[k]`, `&v[k]`, or the address of one object (an array of one).
  if (const auto *u = dyn_cast<UnaryOperator>(x);
      u && u->getOpcode() == UO_AddrOf) {
    out.base = u->getSubExpr();
    out.one = true;
    return true;
  }
  if ((out.base = objectArray(x)))
    return true;
  return false;
}

ElementOf elementOf(const clang::Expr *x) {
  if (const auto *s = dyn_cast<ArraySubscriptExpr>(x)) // `as[i]`, `a[i]`
    return {objectArray(s->getBase()), s->getIdx(), false};
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(x);
      op && op->getOperator() == OO_Subscript &&
      splitElement(op->getArg(0)->getType()))
    return {op->getArg(0), op->getArg(1), false};
  const auto *mc = dyn_cast<CXXMemberCallExpr>(x);
  if (!mc || !splitElement(mc->getImplicitObjectArgument()->getType()))
    return {};
  llvm::StringRef n = mc->getMethodDecl()->getName();
  if (n == "at" && mc->getNumArgs() == 1)
    return {mc->getImplicitObjectArgument(), mc->getArg(0), false};
  if ((n == "back" || n == "front") && mc->getNumArgs() == 0)
    return {mc->getImplicitObjectArgument(), nullptr, n == "back"};
  return {};
}

} // namespace tangent
