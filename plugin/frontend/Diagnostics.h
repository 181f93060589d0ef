//===- Diagnostics.h - located errors and remarks ---------------*- C++ -*-===//
///
/// \file
/// Passes report problems through this interface; the front-ends route them
/// to Clang's DiagnosticsEngine so they appear at the offending location.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_DIAGNOSTICS_H
#define TANGENT_DIAGNOSTICS_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include <string>

namespace tangent {

/// Emits "tangent: ..." errors, warnings and remarks at source locations.
class Diagnoser {
public:
  explicit Diagnoser(clang::DiagnosticsEngine &engine, bool remarks = false)
      : engine_(engine), remarks_(remarks) {}

  void error(clang::SourceLocation loc, const std::string &message);
  void warning(clang::SourceLocation loc, const std::string &message);
  void note(clang::SourceLocation loc, const std::string &message);
  void remark(clang::SourceLocation loc, const std::string &message);
  unsigned errorCount() const { return errors_; }

private:
  clang::DiagnosticsEngine &engine_;
  bool remarks_;
  unsigned errors_ = 0;
};

} // namespace tangent

#endif
