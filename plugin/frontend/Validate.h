//===- Validate.h - refuse what cannot be differentiated --------*- C++ -*-===//
#ifndef TANGENT_VALIDATE_H
#define TANGENT_VALIDATE_H

#include "frontend/Diagnostics.h"
#include "clang/AST/Decl.h"
#include <functional>

namespace tangent {

/// Checks `fd` and every user function it calls (transitively) for
/// constructs tangent refuses: goto, throw/try, inline assembly, virtual
/// calls, calls through function pointers, calls to functions without body
/// or custom derivative, pointer arithmetic. Reports each at its location.
/// Returns true when nothing was refused.
bool validate(
    const clang::FunctionDecl *fd, clang::ASTContext &ctx, Diagnoser &diags,
    const std::function<void(const clang::FunctionDecl *)> &instantiate);

/// Whether every array a pointer field owns (AstShapes.h: ownedField) is
/// used, in the order `fd` and its callees run, only between an allocation
/// and its release inside `fd`, and released when `fd` returns; reports each
/// use, copy or return where it may not be (ValidateOwned.cpp).
bool ownedFieldsInOrder(const clang::FunctionDecl *fd, clang::ASTContext &ctx,
                        Diagnoser &diags);

/// Whether the translation unit provides tangent::custom::<name>_pullback.
bool hasCustomDerivative(clang::ASTContext &ctx, llvm::StringRef name);
/// Whether a callee is a math function of the rule table.
bool isMathFunction(const clang::FunctionDecl *callee);

} // namespace tangent

#endif
