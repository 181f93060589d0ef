//===- CustomRules.h - user-provided derivatives ----------------*- C++ -*-===//
///
/// \file
/// A custom derivative of `ns::f` is a function `f_pullback` in namespace
/// `tangent::custom::ns` (the function's own namespaces, mirrored under
/// tangent::custom; functions of the global namespace and of `std`, such as
/// the <cmath> functions, use `tangent::custom` itself). Matching by the
/// function's namespace means a rule written for `a::f` is never used for an
/// unrelated `b::f`. docs/custom-derivatives.md has the calling convention.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FRONTEND_CUSTOMRULES_H
#define TANGENT_FRONTEND_CUSTOMRULES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <string>
#include <vector>

namespace tangent {

/// The custom derivative of `callee`: the declarations of its pullback
/// and of its pushforward (overloads included), and the qualified names
/// generated code calls, empty for the one the user did not define.
struct CustomRule {
  std::vector<const clang::NamedDecl *> decls;
  std::string pullback;    ///< e.g. "tangent::custom::a::f_pullback"
  std::string pushforward; ///< e.g. "tangent::custom::a::f_pushforward"
  explicit operator bool() const { return !decls.empty(); }
};

/// The name the custom derivative of `callee` must have:
/// `tangent::custom::<its namespaces>::<name>_pullback` (its pushforward's,
/// `..._pushforward`, with `pushforward`).
std::string customRuleName(const clang::FunctionDecl *callee,
                           bool pushforward = false);

/// The custom derivative of `callee` in its mirrored namespace, if any.
CustomRule findCustomRule(clang::ASTContext &ctx,
                          const clang::FunctionDecl *callee);

/// Pullbacks named like `callee`'s (`f_pullback`) elsewhere under
/// tangent::custom whose own scope declares no function of that name: rules
/// that look written for `callee` but are never used for it (a warning when
/// it has a body, an error when it has none).
std::vector<std::string> strayCustomRules(clang::ASTContext &ctx,
                                          const clang::FunctionDecl *callee);

} // namespace tangent

#endif
