//===- Driver.h - the pipeline's entry point ------------------*- C++ -*-===//
///
/// \file
/// The entry point shared by the front-ends (plugin, tangent-rewrite, batch).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_DRIVER_H
#define TANGENT_DRIVER_H

#include "frontend/Diagnostics.h"
#include "frontend/Requests.h"
#include "ir/Passes.h"
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>

namespace tangent {

/// What the front-ends hand to the pipeline.
struct DriverInput {
  clang::ASTContext *ctx = nullptr;
  Diagnoser *diags = nullptr;
  std::vector<Request> requests;
  /// Instantiates a function template specialization's body (plugin: Sema).
  std::function<void(const clang::FunctionDecl *)> instantiate;
  /// [[tangent::checkpoint]] marks: statement location -> budget (0: none).
  std::map<unsigned, int> checkpoint_marks;
  /// [[tangent::fixed_point]] marks: loop statement locations.
  std::set<unsigned> fixed_point_marks;
  /// When set, receives the IR of every function after lowering and after
  /// its analyses (the plugin's dump-ir argument): a title and the text.
  std::function<void(const std::string &, const std::string &)> dump_ir;
  /// The optional passes switched off (-fplugin-arg-tangent-disable-pass,
  /// tangent-rewrite --disable-pass; ir/Passes.def).
  PassSet passes;
};

/// The strategy chosen for one loop, and why (reported as a remark by the
/// plugin and in the JSON report of batch runs).
struct LoopDecision {
  std::string file;
  unsigned line = 0;
  std::string kind;     ///< for / while / do / range-for
  std::string strategy; ///< full_tape / segments / online
  std::string reason;
};

/// The outcome of one request.
struct RequestResult {
  RequestKind kind = RequestKind::Gradient;
  const clang::FunctionDecl *function = nullptr;
  Options options;
  std::string function_name; ///< qualified, as in `&name`
  std::string home_file;     ///< file that defines the function
  /// Self-contained C++ for this request: its generated functions (each
  /// behind an include guard, so blocks can be concatenated) and the
  /// specialization that binds it. Empty when the request failed or was
  /// already bound by up-to-date code in the translation unit.
  std::string block;
  std::uint64_t source_hash = 0; ///< of f and its callees' source and options
  bool ok = false;
  bool already_bound = false; ///< an up-to-date specialization exists
  std::vector<LoopDecision> loops;
};

/// The generated C++ for all requests of a translation unit.
struct DriverOutput {
  std::vector<RequestResult> results;
  /// All blocks, ready to inject (plus stubs for failed requests, so that
  /// only tangent's own errors are reported). Empty when nothing to do.
  std::string code;
  bool ok = true; ///< false when an error was reported
};

/// Every request through the pipeline of its kind (Pipeline.h): check,
/// validate, lower, analyze, check what generation needs, generate, bind.
DriverOutput runPipeline(DriverInput &input);

} // namespace tangent

#endif
