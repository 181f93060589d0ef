//===- AstShapesObjectArrays.h - arrays of objects -------------*- C++ -*-===//
///
/// \file
/// Arrays of objects as the validator and the lowering both see them
/// (AstShapesObjectArrays.cpp): elements of containers of objects, C arrays
/// of objects, pointer parameters that a function indexes and arrays of
/// objects from new. Included by AstShapes.h.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FRONTEND_ASTSHAPESOBJECTARRAYS_H
#define TANGENT_FRONTEND_ASTSHAPESOBJECTARRAYS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace clang {
class CXXNewExpr;
} // namespace clang

namespace tangent {

/// An array of objects that is not a std container, bare
/// (AstShapesObjectArrays.cpp): a C array of them (`Atom as[3]`), a
/// pointer parameter its function indexes (objectArrayParam), a local
/// owning objects from new (ownedObjects) or viewing an array of them
/// (objectView); else null.
const clang::Expr *objectArray(const clang::Expr *e);
/// A pointer parameter to objects of a split class that its function
/// indexes (`const Atom *a; a[i].x`) or declares as an array (`Atom a[]`):
/// one pointer per field of the elements, not that one object.
bool objectArrayParam(const clang::ParmVarDecl *p);
/// A pointer local to objects initialized into an array of them (`const
/// Atom *p = as + k;`, `= &as[k]`, `= v.data()`, `= a` of an array
/// parameter): a view of that array from its element k (`p[i]` is
/// `as[k + i]`, `p->x` its element k), never reassigned (validated).
bool objectView(const clang::VarDecl *vd);
/// `Atom *b = new Atom[n];` of a split class: its new-expression (the
/// array is the local's, like a std::vector of the objects), else null.
const clang::CXXNewExpr *ownedObjects(const clang::VarDecl *vd);
/// What a caller gives such a parameter: `base` (a C array or vector of
/// objects, such a pointer, or with `one` the object or element `&e`
/// takes), plus `offset` (`as + k`) if any.
struct ObjectArrayArgument {
  const clang::Expr *base = nullptr;
  const clang::Expr *offset = nullptr;
  bool one = false;
};
bool objectArrayArgument(const clang::Expr *a, ObjectArrayArgument &out);

/// `x` as an element of a container of objects (frontend/Types.h:
/// splitElement): `c[i]`, `c.at(i)`, `c.front()` or `c.back()`; of a C
/// array of them or of a pointer parameter indexed (objectArray): `a[i]`.
struct ElementOf {
  const clang::Expr *container = nullptr; ///< null: `x` is not one
  const clang::Expr *index = nullptr;     ///< null for front() and back()
  bool back = false;                      ///< back()
};
ElementOf elementOf(const clang::Expr *x);
/// The container `x` is an element of (elementOf), or null.
inline const clang::Expr *elementContainer(const clang::Expr *x) {
  return elementOf(x).container;
}

} // namespace tangent

#endif
