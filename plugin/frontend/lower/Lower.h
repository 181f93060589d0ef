//===- Lower.h - Clang AST to tangent IR ------------------------*- C++ -*-===//
///
/// \file
/// The only pass that reads function bodies from Clang's AST. It hoists
/// locals, makes side effects statements, turns jumps into flags and guarded
/// statements, and lowers callees on demand (each once). It runs on code
/// the validator accepted (frontend/Validate.h) and never refuses; how each
/// construct is lowered is listed in FunctionLowerer.h.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FRONTEND_LOWER_LOWER_H
#define TANGENT_FRONTEND_LOWER_LOWER_H

#include "frontend/Types.h"
#include "ir/IR.h"
#include "clang/AST/Decl.h"
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace tangent {

/// Owns the lowered functions of one translation unit. Lowering code the
/// validator did not accept throws InternalError (ir/Support.h).
class Lowering {
public:
  explicit Lowering(clang::ASTContext &ctx) : ctx_(ctx) {}

  /// Lowers `fd` as a callee (once; later calls return the same IR, also
  /// while it is being lowered, for recursion), and on demand its callees.
  Function *lower(const clang::FunctionDecl *fd);
  /// Lowers a requested function into an IR of its own (not shared with its
  /// uses as a callee, since its analyses depend on the request).
  Function *lowerTop(const clang::FunctionDecl *fd);

  /// Every callee lowered so far, callees before callers.
  const std::vector<Function *> &ordered() const { return order_; }

  /// Statement locations marked [[tangent::checkpoint]] (raw encodings) with
  /// their budgets (0: default).
  std::map<unsigned, int> checkpoint_marks;
  /// Loop locations marked [[tangent::fixed_point]].
  std::set<unsigned> fixed_point_marks;

  /// Instantiates a function template specialization's body on demand
  /// (the front-end provides it; Sema defers instantiations otherwise).
  std::function<void(const clang::FunctionDecl *)> instantiate;

  clang::ASTContext &context() { return ctx_; }
  /// The callee IR of `fd` if it was lowered (possibly still in progress).
  Function *find(const clang::FunctionDecl *fd) const;

private:
  /// The definition of `fd` (the validator checked it has one).
  const clang::FunctionDecl *definition(const clang::FunctionDecl *fd);

  clang::ASTContext &ctx_;
  std::map<const clang::FunctionDecl *, std::unique_ptr<Function>> functions_;
  std::vector<Function *> order_;
  std::vector<std::unique_ptr<Function>> tops_;
};

} // namespace tangent

#endif
