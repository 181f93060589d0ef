//===- GenerationPoint.h - where generated code enters a TU -----*- C++ -*-===//
///
/// \file
/// Both front-ends run the pipeline at the same point of the parse, and the
/// plugin enters the generated code there: after the main file's last token
/// outside every conditional group (when the parser receives it), or, when
/// the file ends with a conditional group, when the `#endif` closing it is
/// processed (entering a file there works like an #include). By then every
/// request outside deferred template instantiations exists, and the
/// runtime's late-bound markers are not instantiated yet.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_GENERATIONPOINT_H
#define TANGENT_GENERATIONPOINT_H

#include "frontend/Driver.h"
#include "clang/Frontend/CompilerInstance.h"
#include <functional>
#include <memory>

namespace tangent {

/// Calls `fire(location)` once, at the generation point of the main file of
/// `ci`, unless an error occurred before it. Owned by an AST consumer; the
/// preprocessor's callbacks it installs may outlive it safely.
class GenerationTrigger {
public:
  GenerationTrigger(clang::CompilerInstance &ci,
                    std::function<void(clang::SourceLocation)> fire);
  ~GenerationTrigger();
  GenerationTrigger(const GenerationTrigger &) = delete;
  GenerationTrigger &operator=(const GenerationTrigger &) = delete;

  /// Whether the point was reached (fired, or skipped after an error).
  bool reached() const { return reached_; }

private:
  clang::CompilerInstance &ci_;
  std::function<void(clang::SourceLocation)> fire_;
  clang::FileID main_;
  long token_offset_ = -1;
  long endif_offset_ = -1;
  bool reached_ = false;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);

  void onToken(const clang::Token &tok);
  void onEndif(clang::SourceLocation loc);
  void reach(clang::SourceLocation at);
};

/// The pipeline's input at the generation point `at`: the requests made so
/// far, the [[tangent::checkpoint]] marks, and on-demand instantiation of
/// function template bodies through Sema.
DriverInput pipelineInput(clang::CompilerInstance &ci, Diagnoser &diags,
                          clang::SourceLocation at);

} // namespace tangent

#endif
