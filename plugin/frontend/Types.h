//===- Types.h - Clang types and names as the IR sees them ------*- C++ -*-===//
///
/// \file
/// The mapping from Clang's types, names and locations to the IR's (shared
/// by the validator, the lowering and the driver).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FRONTEND_TYPES_H
#define TANGENT_FRONTEND_TYPES_H

#include "ir/IR.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include <string>
#include <vector>

namespace tangent {

/// The name generated code uses for `fd`: qualified, with template
/// arguments, without anonymous namespaces (reachable from global scope in
/// the same translation unit); with a leading `::` when its first
/// component is also a name in namespace tangent, where generated code
/// lives.
std::string qualifiedName(const clang::FunctionDecl *fd,
                          clang::ASTContext &ctx);
/// A qualified name without its final template argument list, as messages
/// name a function template's specialization: `std::accumulate`, not
/// `std::accumulate<__gnu_cxx::__normal_iterator<...>, double>`.
std::string withoutTemplateArguments(const std::string &name);

/// How generated code names the address of `fd` (a template argument of
/// the bindings): `&f`, or for an overloaded name the cast that picks `fd`,
/// `static_cast<double (*)(double)>(&f)`, as a request must spell it.
std::string addressOf(const clang::FunctionDecl *fd, clang::ASTContext &ctx);

/// Converts a Clang location to an IR location.
Loc makeLoc(clang::ASTContext &ctx, clang::SourceLocation loc);

/// The IR type of `qt` (references and qualifiers removed), or false if the
/// IR cannot represent it: void, bool, integers and enums, floating point,
/// std::vector / std::array / C arrays of those, and pointers to them.
bool lowerType(clang::ASTContext &ctx, clang::QualType qt, Type &out);

/// The IR type of a multi-dimensional C array of numbers (`double m[3][4]`,
/// `float t[2][3][4]`), or false for anything else: a flat CArray of all the
/// elements with `dims` set. Only a local variable may have it (lowerType
/// refuses it everywhere else: parameters, fields, globals, expressions).
bool lowerMultiArray(clang::ASTContext &ctx, clang::QualType qt, Type &out);

/// The IR type of a parameter pointing at rows of numbers (`const double
/// b[][8]`, which is `const double (*b)[8]`; `float t[][3][4]`), or false:
/// a Pointer to the first element, with `dims` set and dims[0] -1 (the
/// number of rows is unknown). lowerType refuses it: only a parameter of a
/// callee may have it.
bool lowerMultiPointer(clang::ASTContext &ctx, clang::QualType qt, Type &out);

/// A field of a C array type of numbers (`double v[3]`, `double m[3][3]`):
/// a leaf of type std::array of all its elements (row-major, Type::dims set
/// for more than one dimension) with the extents in `dims`; false for any
/// other type.
bool cArrayField(clang::ASTContext &ctx, clang::QualType qt, Type &out,
                 std::vector<long long> &dims);

/// `m[i][j]` (an element) or `m[i]` (a row) of a multi-dimensional C array
/// named by a variable `m` (a local array or a parameter pointing at rows)
/// or of such a field of an object (`s.m[i][j]`): the variable (null for a
/// field), the indices written (outermost first) and the extents of m
/// (`dims`).
struct MultiArrayAccess {
  const clang::VarDecl *var = nullptr;
  const clang::Expr *ref = nullptr; ///< the DeclRefExpr or the MemberExpr
  llvm::SmallVector<const clang::Expr *, 3> indices;
  std::vector<long long> dims;
  /// Indexes every dimension: an element (else a row of the array).
  bool element() const { return indices.size() == dims.size(); }
};
bool multiArrayAccess(clang::ASTContext &ctx, const clang::Expr *e,
                      MultiArrayAccess &out);

/// A standard string or associative container (std::string, std::map,
/// std::set, their unordered and multi forms): a parameter of such a type
/// passes through unchanged (TypeKind::Opaque). `holds_real` says whether
/// it holds floating-point values (which then get no derivative).
bool passThrough(clang::QualType qt, bool &holds_real);
/// The TypeKind::Opaque type of a pass-through parameter, or false.
bool passThroughType(clang::ASTContext &ctx, clang::QualType qt, Type &out);

/// The specialization when `qt` is the standard library's class template
/// `name` (`std::vector<T>`, `std::span<T>`...), else nullptr.
const clang::ClassTemplateSpecializationDecl *stdTemplate(clang::QualType qt,
                                                          llvm::StringRef name);

/// The class `qt` (references and qualifiers removed) names, when tangent
/// splits its values into fields: a struct or class of the user's (outside
/// namespace std and system headers), or a lambda's closure type, not a
/// union; else null.
const clang::CXXRecordDecl *splitClass(clang::QualType qt);
/// `std::pair<A, B>` or `std::tuple<A, B, ...>` of numbers: split like a
/// struct with one field per element (a pair's `first` and `second`, a
/// tuple's `std::get<I>`).
bool isNumberTuple(clang::QualType qt);
/// `std::tuple<...>` of anything (std::pair is not one).
bool isStdTuple(clang::QualType qt);
/// The element types of a std::pair or std::tuple; false if `qt` is
/// neither, is empty or has an element that is not a number.
bool tupleElements(clang::QualType qt,
                   llvm::SmallVectorImpl<clang::QualType> &out);

/// The element class of `qt` when it is a std::vector or std::array of a
/// split class (`std::vector<Particle>`), else null. Such a container is
/// split too: one vector (array) per field of the elements.
const clang::CXXRecordDecl *splitElement(clang::QualType qt);

/// A split class or a container of one: a value the IR splits into leaves.
inline bool isSplit(clang::QualType qt) {
  return splitClass(qt) || splitElement(qt);
}

/// The class a pointer to one object of a split class points at
/// (`const Body *b`, `LightMatrix<double> *m`), or a null type: such a
/// pointer is the object by reference (`b->x` is a field of it), given
/// `&obj` or another such pointer.
clang::QualType objectPointee(clang::QualType qt);

/// One field of a split class that the IR keeps as a variable of its own
/// (scalar replacement of aggregates): a field of a type lowerType knows,
/// reached through nested class-type fields and base classes.
struct Leaf {
  std::vector<const clang::FieldDecl *> fields; ///< outermost first
  FieldPath path;     ///< how generated code reaches it in the object
  std::string suffix; ///< `inner_x`: names the leaf after the object
  Type type;
  /// A lambda's capture: the variable it captures, and whether by
  /// reference (the leaf is then that variable itself; `const_reference`
  /// when it cannot be written through).
  const clang::ValueDecl *captured = nullptr;
  bool reference = false;
  bool const_reference = false;
  /// A const field (`const int n;`, `double *const p;`): never written.
  bool read_only = false;
};

/// The leaves of `rd` in layout order (base classes first, then fields,
/// nested classes expanded in place); false, with the reason in `problem`,
/// if some field or base cannot be split.
bool classLeaves(clang::ASTContext &ctx, const clang::CXXRecordDecl *rd,
                 std::vector<Leaf> &out, std::string *problem = nullptr);

/// The leaves of a split type (isSplit): a class's, or for a container of
/// objects one container per leaf of the element class; for a pointer to
/// objects (given for a parameter its function indexes: objectArrayParam)
/// one pointer per leaf of the element class.
bool typeLeaves(clang::ASTContext &ctx, clang::QualType qt,
                std::vector<Leaf> &out, std::string *problem = nullptr);

/// The fully qualified spelling of `qt` as generated code names it.
std::string typeSpelling(clang::ASTContext &ctx, clang::QualType qt);

} // namespace tangent

#endif
