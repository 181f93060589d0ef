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
#include "ir/Refusal.h"
#include "clang/AST/Decl.h"
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

namespace tangent {

/// How a callee specialised for the shared storage of one call's arguments
/// (LowerShared.cpp) sees its parameters. Its flat parameters are those of
/// the plain lowering (`this`'s leaves, then each parameter's), without a
/// class-type result's, which stays last and its own. A parameter whose
/// storage another parameter also is becomes that parameter (or an element
/// of it); storage that no parameter is whole gets a parameter of its own,
/// added after the declared ones, like the indices the call passes.
struct SharedStorage {
  struct Param {
    /// -1: the parameter is its own storage (kept). Else the storage it is
    /// part of: flat parameter `root` (kept), or, from `params.size()` on,
    /// added root `root - params.size()`.
    int root = -1;
    /// The added index parameters that select its element of the root, one
    /// per level (none: the whole root).
    std::vector<int> indices;
  };
  std::vector<Param> params;
  /// The added roots: the storage (container or pointer) of several
  /// parameters, none of which is all of it; written by the callee.
  std::vector<Type> roots;
  /// The added index parameters (integers, by value).
  std::vector<Type> indices;
  /// What is shared, for the generated code's comments (not in the key).
  std::string note;

  /// Whether some parameter shares another's storage.
  bool any() const {
    for (const Param &p : params)
      if (p.root >= 0)
        return true;
    return false;
  }
  /// The pattern as text: calls with one key share one specialisation.
  std::string key() const;
};

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
  /// Lowers `fd` as a callee specialised for `shared` (once per pattern).
  Function *lowerShared(const clang::FunctionDecl *fd,
                        const SharedStorage &shared);
  /// The variant of callee `fn` (lowered by lower(), or a variant of one)
  /// in which the C++ parameters in `data` (one bit per parameter index)
  /// carry no derivative, with those `fn` already has; once per set. Null
  /// for a callee specialised for shared storage.
  Function *lowerData(const Function *fn, std::uint64_t data);
  /// The variant of callee `fn` whose reverse does not give back the
  /// storage of the pointer parameters in `unrestored` (their callers
  /// never read it in reverse: Stmt::unrestored) and does not zero the
  /// adjoint of those in `unzeroed` (their callers assign it before they
  /// read it again: Stmt::unzeroed), with those `fn` already has; once per
  /// pair of sets. Null for a callee specialised for shared storage.
  Function *lowerUnrestored(const Function *fn, std::uint64_t unrestored,
                            std::uint64_t unzeroed = 0);

  /// Code that the lowering found it cannot differentiate correctly (the
  /// validator cannot see it on the AST: it depends on how arguments share
  /// storage), in the order found, with the function it is in; the
  /// legality layer reports those of the functions a request reaches, and
  /// nothing is generated for it.
  Refusals refusals;

  /// Every callee lowered so far, callees before callers.
  const std::vector<Function *> &ordered() const { return order_; }

  /// Statement locations marked [[tangent::checkpoint]] (raw encodings) with
  /// their budgets (0: default).
  std::map<unsigned, int> checkpoint_marks;
  /// Loop locations marked [[tangent::fixed_point]].
  std::set<unsigned> fixed_point_marks;
  /// The optional passes switched off for every function lowered
  /// (Function::passes; -fplugin-arg-tangent-disable-pass).
  PassSet passes;

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
  /// Specialisations for shared storage, by callee and pattern key.
  std::map<std::pair<const clang::FunctionDecl *, std::string>,
           std::unique_ptr<Function>>
      shared_;
  /// Every variant: data, unrestored and unzeroed parameters (C++
  /// parameter bits).
  Function *lowerVariant(const Function *fn, std::uint64_t data,
                         std::uint64_t unrestored, std::uint64_t unzeroed);
  /// A callee lowered by lower() or lowerVariant(): its declaration, the
  /// parameters that carry no derivative in it, those whose storage its
  /// reverse does not give back and those whose adjoint it does not zero.
  using VariantKey = std::tuple<const clang::FunctionDecl *, std::uint64_t,
                                std::uint64_t, std::uint64_t>;
  std::map<const Function *, VariantKey> plain_;
  std::map<VariantKey, std::unique_ptr<Function>> variants_;
  /// The patterns of the specialisations (the lowering reads them).
  std::vector<std::unique_ptr<SharedStorage>> patterns_;
  std::vector<Function *> order_;
  std::vector<std::unique_ptr<Function>> tops_;
};

} // namespace tangent

#endif
