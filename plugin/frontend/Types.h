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
#include <string>

namespace tangent {

/// The name generated code uses for `fd`: qualified, with template
/// arguments, without anonymous namespaces (reachable from global scope in
/// the same translation unit).
std::string qualifiedName(const clang::FunctionDecl *fd,
                          clang::ASTContext &ctx);

/// Converts a Clang location to an IR location.
Loc makeLoc(clang::ASTContext &ctx, clang::SourceLocation loc);

/// The IR type of `qt` (references and qualifiers removed), or false if the
/// IR cannot represent it: void, bool, integers and enums, floating point,
/// std::vector / std::array / C arrays of those, and pointers to them.
bool lowerType(clang::ASTContext &ctx, clang::QualType qt, Type &out);

} // namespace tangent

#endif
