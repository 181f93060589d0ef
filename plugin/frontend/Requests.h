//===- Requests.h - finding tangent::grad<f> requests -----------*- C++ -*-===//
#ifndef TANGENT_REQUESTS_H
#define TANGENT_REQUESTS_H

#include "frontend/Diagnostics.h"
#include "ir/IR.h"
#include "clang/AST/Decl.h"
#include <cstdint>
#include <vector>

namespace tangent {

/// What a request asks for, and the runtime class its marker instantiates.
enum class RequestKind {
  Gradient, ///< grad<f>, grad_with_checkpointing<f>: tangent::gradient<F, O>
  Jvp,      ///< jvp<f>, jacobian<f>: tangent::directional<F, O>
  Hvp,      ///< hvp<f>, hessian<f>: tangent::hessian_vector<F, O>
  Vjp,      ///< vjp<f>, jacobian<f>: tangent::cotangent<F, O>
};

/// The name of what a request generates, for messages ("gradient",
/// "forward-mode derivative", "Hessian-vector product").
const char *requestKindName(RequestKind kind);
/// The kind as the batch report names it: grad, jvp, hvp, vjp.
const char *requestKindLabel(RequestKind kind);
/// The specialization a request's block defines: adjoint, tangent_linear,
/// second_order, seeded_adjoint (Naming.h).
const char *bindingTemplate(RequestKind kind);

/// One `tangent::grad<f, opts>()` (or grad_with_checkpointing) request: a
/// specialization of `tangent::gradient<F, O>`; or a forward-mode or
/// second-order request (RequestKind).
struct Request {
  RequestKind kind = RequestKind::Gradient;
  const clang::FunctionDecl *function = nullptr;
  Options options;
  clang::SourceLocation where; ///< first use (point of instantiation)
  bool options_read = true;    ///< its options argument could be read
  /// A gradient that tangent::jacobian<f> also asks of: its block binds the
  /// vector reverse mode too, where it can (codegen/VectorReverse.cpp).
  bool jacobian = false;
};

/// Every request in the translation unit so far, one per distinct (f,
/// options). Whether each can be served (options in range, f defined
/// before it) is the legality layer's decision (Legality::request).
std::vector<Request> findRequests(clang::ASTContext &ctx);

/// Reads a `tangent::options` template argument.
bool readOptions(const clang::TemplateArgument &arg, Options &out);

/// The `source_hash` of an explicit `tangent::adjoint<&f, opts>`
/// specialization (or tangent_linear, second_order for other kinds) already
/// in the translation unit (written by tangent-rewrite), or false when
/// there is none; `block`, when given, receives the specialization's
/// location.
bool existingBinding(clang::ASTContext &ctx, const clang::FunctionDecl *fd,
                     const Options &opts, std::uint64_t &source_hash,
                     RequestKind kind = RequestKind::Gradient,
                     clang::SourceLocation *block = nullptr);

/// Whether the translation unit declares tangent::gradient at all.
bool declaresGradient(clang::ASTContext &ctx);

} // namespace tangent

#endif
