//===- TypesMultiArray.cpp - multi-dimensional C arrays, stored flat ------===//
//
// A local `double m[3][4]` is one C array of 12 elements to the IR (its
// extents kept in Type::dims): `m[i][j]` is `m[i * 4 + j]`, a row `m[i]`
// the address of its first element (frontend/lower/LowerExpr.cpp). A
// parameter pointing at rows (`const double b[][8]`, `double (*b)[8]`) is
// a pointer to the first element of such storage, indexed the same way:
// the caller gives the whole array (or a row of a 3-D one), flat.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace tangent {

namespace {

/// Appends the extents of C array type `qt` to `dims`, outermost first;
/// `qt` becomes the element type. `canonical`: each level's element type
/// is taken canonical (typedefs seen through), as for a local's type.
void peelExtents(ASTContext &ctx, QualType &qt, bool canonical,
                 std::vector<long long> &dims) {
  while (const auto *arr = ctx.getAsConstantArrayType(qt)) {
    dims.push_back((long long)arr->getSize().getZExtValue());
    qt = canonical ? arr->getElementType().getCanonicalType()
                   : arr->getElementType();
  }
}

/// Whether a C array's element type `qt` is one tangent stores flat: a
/// number, not an MPI request (a handle); lowered into `elem`.
bool numberElement(ASTContext &ctx, QualType qt, Type &elem) {
  return lowerType(ctx, qt.getUnqualifiedType(), elem) &&
         (elem.isReal() ||
          (elem.isIntegral() && elem.spelling != "MPI_Request"));
}

} // namespace

bool lowerMultiArray(ASTContext &ctx, QualType qt, Type &out) {
  qt = qt.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  std::vector<long long> dims;
  peelExtents(ctx, qt, /*canonical=*/true, dims);
  Type elem;
  if (dims.size() < 2 || !numberElement(ctx, qt, elem))
    return false;
  out = Type{};
  out.kind = TypeKind::CArray;
  out.elem_spelling = out.spelling = elem.spelling; // declarator adds [N]
  out.elem_real = elem.isReal();
  out.extent = 1;
  for (long long d : dims)
    out.extent *= d;
  out.dims = std::move(dims);
  return true;
}

bool lowerMultiPointer(ASTContext &ctx, QualType qt, Type &out) {
  qt = qt.getCanonicalType().getUnqualifiedType();
  if (!qt->isPointerType())
    return false;
  QualType elem = qt->getPointeeType();
  std::vector<long long> dims{-1};
  peelExtents(ctx, elem, /*canonical=*/false, dims);
  Type e;
  if (dims.size() < 2 || !numberElement(ctx, elem, e))
    return false;
  out = Type{};
  out.kind = TypeKind::Pointer;
  out.pointee_const = elem.isConstQualified();
  out.elem_spelling = e.spelling;
  out.elem_real = e.isReal();
  out.spelling = (out.pointee_const ? "const " : "") + e.spelling + "*";
  out.dims = std::move(dims);
  return true;
}

bool cArrayField(ASTContext &ctx, QualType qt, Type &out,
                 std::vector<long long> &dims) {
  qt = qt.getCanonicalType();
  std::vector<long long> extents;
  peelExtents(ctx, qt, /*canonical=*/true, extents);
  Type elem;
  if (extents.empty() || !numberElement(ctx, qt, elem))
    return false;
  out = Type{};
  out.kind = TypeKind::Array;
  out.elem_spelling = elem.spelling;
  out.elem_real = elem.isReal();
  out.extent = 1;
  for (long long d : extents)
    out.extent *= d;
  out.spelling = "std::array<" + out.elem_spelling + ", " +
                 std::to_string(out.extent) + ">";
  if (extents.size() > 1) // `m.a[i][j]` is `m_a[i * n + j]`, as for a local
    out.dims = extents;
  dims = std::move(extents);
  return true;
}

bool multiArrayAccess(ASTContext &ctx, const clang::Expr *e,
                      MultiArrayAccess &out) {
  out = {};
  e = e->IgnoreParens();
  while (const auto *s = dyn_cast<ArraySubscriptExpr>(e)) {
    out.indices.insert(out.indices.begin(), s->getIdx());
    e = s->getBase()->IgnoreParenImpCasts();
  }
  // A multi-dimensional C array field of an object (`s.m[i][j]`).
  if (const auto *me = dyn_cast<MemberExpr>(e);
      me && isa<FieldDecl>(me->getMemberDecl()) && !out.indices.empty() &&
      splitClass(QualType(
          cast<FieldDecl>(me->getMemberDecl())->getParent()->getTypeForDecl(),
          0))) {
    Type t;
    std::vector<long long> dims;
    if (!cArrayField(ctx, me->getType(), t, dims) || dims.size() < 2 ||
        out.indices.size() > dims.size())
      return false;
    out.ref = me;
    out.dims = dims;
    return true;
  }
  const auto *dre = dyn_cast<DeclRefExpr>(e);
  out.var = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
  out.ref = dre;
  Type t;
  if (!out.var || out.indices.empty() || !out.var->hasLocalStorage())
    return false;
  // A local array, or a parameter pointing at rows (`double b[][8]`).
  const bool local = !isa<ParmVarDecl>(out.var) &&
                     !out.var->getType()->isReferenceType() &&
                     lowerMultiArray(ctx, out.var->getType(), t);
  if ((!local && !(isa<ParmVarDecl>(out.var) &&
                   lowerMultiPointer(ctx, out.var->getType(), t))) ||
      out.indices.size() > t.dims.size())
    return false;
  out.dims = t.dims;
  return true;
}

bool rowsArgument(ASTContext &ctx, const clang::Expr *arg,
                  AddressArgument &out) {
  out = {};
  const clang::Expr *e = arg->IgnoreParens();
  while (const auto *c = dyn_cast<ImplicitCastExpr>(e)) {
    if (c->getCastKind() == CK_ArrayToPointerDecay) {
      const clang::Expr *a = c->getSubExpr()->IgnoreParens();
      if (MultiArrayAccess ma; multiArrayAccess(ctx, a, ma)) {
        if (ma.element())
          return false;
        out.lvalue = a; // `t[i]` of `double t[2][3][4]`
        return true;
      }
      const auto *dre = dyn_cast<DeclRefExpr>(a);
      const auto *vd = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
      Type t;
      if (!vd || !vd->hasLocalStorage() || isa<ParmVarDecl>(vd) ||
          vd->getType()->isReferenceType() ||
          !lowerMultiArray(ctx, vd->getType(), t))
        return false;
      out.array = a; // `m` of `double m[3][8]`
      return true;
    }
    if (c->getCastKind() != CK_NoOp)
      break;
    e = c->getSubExpr()->IgnoreParens();
  }
  // A parameter pointing at rows, passed on.
  const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *p = dre ? dyn_cast<ParmVarDecl>(dre->getDecl()) : nullptr;
  Type t;
  if (!p || !lowerMultiPointer(ctx, p->getType(), t))
    return false;
  out.array = dre;
  return true;
}

} // namespace tangent
