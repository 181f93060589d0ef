//===- Driver.h - the pipeline, in one function ------------------*- C++ -*-===//
#ifndef TANGENT_DRIVER_H
#define TANGENT_DRIVER_H

#include "Diagnostics.h"
#include "Requests.h"
#include <functional>
#include <map>
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
};

/// The generated C++ for all requests of a translation unit.
struct DriverOutput {
  std::string code; ///< empty when nothing was generated
  bool ok = true;   ///< false when an error was reported
};

/// find requests -> validate -> lower -> analyze -> generate -> emit.
DriverOutput runPipeline(DriverInput &input);

} // namespace tangent

#endif
