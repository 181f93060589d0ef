//===- Lower.h - Clang AST to tangent IR ------------------------*- C++ -*-===//
///
/// \file
/// The only pass that reads function bodies from Clang's AST. It hoists
/// locals, makes side effects statements, turns jumps into flags and guarded
/// statements, and lowers callees on demand (each once).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_LOWER_H
#define TANGENT_LOWER_H

#include "frontend/Diagnostics.h"
#include "ir/IR.h"
#include "clang/AST/Decl.h"
#include <functional>
#include <map>
#include <memory>

namespace tangent {

/// Owns the lowered functions of one translation unit.
class Lowering {
public:
  Lowering(clang::ASTContext &ctx, Diagnoser &diags) : ctx_(ctx), diags_(diags) {}

  /// Lowers `fd` (and, on demand, its callees). Null after an error.
  Function *lower(const clang::FunctionDecl *fd);
  /// Lowers a requested function into an IR of its own (not shared with its
  /// uses as a callee, since its analyses depend on the request).
  Function *lowerTop(const clang::FunctionDecl *fd);

  /// Every function lowered so far, callees before callers.
  const std::vector<Function *> &ordered() const { return order_; }

  /// Statement locations marked [[tangent::checkpoint]] (raw encodings) with
  /// their budgets (0: default).
  std::map<unsigned, int> checkpoint_marks;

  /// Instantiates a function template specialization's body on demand
  /// (the front-end provides it; Sema defers instantiations otherwise).
  std::function<void(const clang::FunctionDecl *)> instantiate;

  clang::ASTContext &context() { return ctx_; }
  Diagnoser &diags() { return diags_; }
  /// The function's IR if it was lowered (possibly in progress: recursion).
  Function *find(const clang::FunctionDecl *fd) const;
  Function *create(const clang::FunctionDecl *fd);
  void finished(Function *fn) { order_.push_back(fn); }

private:
  /// The definition of `fd`, or null after reporting that it has none.
  const clang::FunctionDecl *definition(const clang::FunctionDecl *fd);

  clang::ASTContext &ctx_;
  Diagnoser &diags_;
  std::map<const clang::FunctionDecl *, std::unique_ptr<Function>> functions_;
  std::vector<Function *> order_;
  std::vector<std::unique_ptr<Function>> tops_;
};

/// The name generated code uses for `fd`: qualified, with template
/// arguments, without anonymous namespaces (reachable from global scope in
/// the same translation unit).
std::string qualifiedName(const clang::FunctionDecl *fd,
                          clang::ASTContext &ctx);

/// Converts a Clang location to an IR location.
Loc makeLoc(clang::ASTContext &ctx, clang::SourceLocation loc);

/// The lowering type of `qt`, or false if the IR cannot represent it.
bool lowerType(clang::ASTContext &ctx, clang::QualType qt, Type &out);

} // namespace tangent

#endif
