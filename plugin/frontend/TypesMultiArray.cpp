//===- TypesMultiArray.cpp - multi-dimensional C arrays, stored flat ------===//
//
// A local `double m[3][4]` is one C array of 12 elements to the IR (its
// extents kept in Type::dims): `m[i][j]` is `m[i * 4 + j]`, a row `m[i]`
// the address of its first element (frontend/lower/LowerExpr.cpp).
//
//===----------------------------------------------------------------------===//
#include "frontend/Types.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace tangent {

bool lowerMultiArray(ASTContext &ctx, QualType qt, Type &out) {
  qt = qt.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  std::vector<long long> dims;
  while (const auto *arr = ctx.getAsConstantArrayType(qt)) {
    dims.push_back((long long)arr->getSize().getZExtValue());
    qt = arr->getElementType().getCanonicalType();
  }
  Type elem;
  if (dims.size() < 2 || !lowerType(ctx, qt, elem) ||
      !(elem.isReal() || (elem.isIntegral() && elem.spelling != "MPI_Request")))
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

bool cArrayField(ASTContext &ctx, QualType qt, Type &out,
                 std::vector<long long> &dims) {
  qt = qt.getCanonicalType();
  std::vector<long long> extents;
  while (const auto *arr = ctx.getAsConstantArrayType(qt)) {
    extents.push_back((long long)arr->getSize().getZExtValue());
    qt = arr->getElementType().getCanonicalType();
  }
  Type elem;
  if (extents.empty() || !lowerType(ctx, qt.getUnqualifiedType(), elem) ||
      !(elem.isReal() || (elem.isIntegral() && elem.spelling != "MPI_Request")))
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
  if (!out.var || out.indices.empty() || !out.var->hasLocalStorage() ||
      isa<ParmVarDecl>(out.var) || out.var->getType()->isReferenceType() ||
      !lowerMultiArray(ctx, out.var->getType(), t) ||
      out.indices.size() > t.dims.size())
    return false;
  out.dims = t.dims;
  return true;
}

} // namespace tangent
