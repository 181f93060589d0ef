//===- Legality.h - the one place that refuses ------------------*- C++ -*-===//
///
/// \file
/// The legality layer decides what tangent refuses and reports it through
/// one sink (the Diagnoser), each refusal at its location, before any code
/// is generated; the passes after it only assert. It has three parts:
///  - the request as written (Legality::request): options in range, the
///    function defined before it; and what its kind needs of the lowered
///    function (Legality::requestKind: jvp, hvp, vjp);
///  - the source (the validator, Validator.h): an allow-list walk over the
///    requested function and its callees, run before lowering;
///  - what passes after validation find (ir/Refusal.h): the lowering
///    (arguments that share storage), the analyses (parallel loops, fixed
///    points) and forward mode return refusals as values, and
///    generationRefusals() (LegalityIR.cpp) checks the analyzed IR for what
///    the generator cannot emit; Legality::report reports them.
/// A grep for `.error(` outside frontend/Validat*, frontend/Legality*,
/// Diagnostics.cpp and the rewrite tool's file errors finds nothing.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FRONTEND_LEGALITY_H
#define TANGENT_FRONTEND_LEGALITY_H

#include "frontend/Diagnostics.h"
#include "frontend/Requests.h"
#include "ir/Refusal.h"
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tangent {

/// Which generator will emit an analyzed function.
enum class Generation {
  Adjoint,       ///< forward and reverse sweeps (codegen/Function.cpp)
  TangentLinear, ///< a tangent-linear function printed (codegen/Forward.cpp)
};

/// What the generator cannot emit for `fn` (analyzed for an adjoint; as
/// lowered or linearized for a tangent-linear function): a parallel loop the
/// analysis refused, a fixed point that is not one, a pointer without a
/// derivative given to a callee's differentiated parameter, an MPI_Irecv
/// buffer a callee does not receive (LegalityIR.cpp). Clang-free.
/// `options`: the request's, for the requested function (which of its
/// parameters wrt selects).
Refusals generationRefusals(const Function &fn, Generation gen,
                            const Options *options = nullptr);

class Legality {
public:
  using Instantiate = std::function<void(const clang::FunctionDecl *)>;
  Legality(clang::ASTContext &ctx, Diagnoser &diags)
      : ctx_(ctx), diags_(diags) {}

  /// The request as written: its options readable and in range, its
  /// function defined, before the request. False (reported) when not.
  bool request(const Request &r);
  /// A block that tangent-rewrite wrote for the request, whose hash is
  /// `existing` while the source's is `current`: refused when stale, at
  /// the block (`block`; at the request when invalid).
  bool binding(const Request &r, clang::SourceLocation block,
               const std::string &function, std::uint64_t existing,
               std::uint64_t current);
  /// The source of the requested function and of every user function it
  /// calls (the validator, Validator.h).
  bool source(const clang::FunctionDecl *fd, const Instantiate &instantiate);
  /// What the request's kind needs of the lowered function `top`: forward
  /// mode and second order a floating-point (or container) result and no
  /// raw pointer parameters; a vector-Jacobian product a container result
  /// and no class-type parameters.
  bool requestKind(const Request &r, const std::string &function,
                   const Function &top);
  /// Second order differentiates tangent-linear code again: the custom
  /// derivatives it calls (location, name) cannot be.
  bool secondOrder(const std::vector<std::pair<Loc, std::string>> &customs);
  /// Reports the refusals passes returned; false if there was any.
  bool report(const Refusals &found);
  /// The same for the refusals found in `in` (the lowering's), of the
  /// functions in `reached`.
  bool report(const Refusals &found,
              const std::function<bool(const Function *)> &reached);
  /// A broken invariant of tangent (InternalError) met while serving the
  /// request: reported at the request as an internal error, not a refusal.
  void internalError(const Request &r, const std::string &function,
                     const std::string &what);

  /// The sink, for remarks.
  Diagnoser &sink() { return diags_; }
  unsigned errorCount() const { return diags_.errorCount(); }

private:
  clang::ASTContext &ctx_;
  Diagnoser &diags_;
  void refuse(clang::SourceLocation at, const std::string &why);
  void refuse(const Loc &at, const std::string &why);
};

} // namespace tangent

#endif // TANGENT_FRONTEND_LEGALITY_H
