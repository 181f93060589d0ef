//===- ParsedSource.h - a parsed source, for frontend tests ----*- C++ -*-===//
///
/// \file
/// Parses a C++20 source held in a string with Clang (the runtime's headers
/// and Clang's resource directory on the include path), finds its functions
/// by name, and runs the validator on them with the diagnostics captured.
/// Sources mark lines with a trailing comment `// @name`; lineOf("@name")
/// is that line, so a test states where a diagnostic belongs without
/// counting lines.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_TEST_UNIT_FRONTEND_PARSEDSOURCE_H
#define TANGENT_TEST_UNIT_FRONTEND_PARSEDSOURCE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include <memory>
#include <string>
#include <vector>

namespace tangent::test {

/// One diagnostic the validator reported.
struct Reported {
  enum Level { Error, Warning, Note, Remark } level;
  unsigned line; ///< 0 when it has no location in the source
  std::string text;
};

/// `error line 12: tangent: ...` lines, for failure messages.
std::string describe(const std::vector<Reported> &diags);

class ParsedSource {
public:
  /// Parses `code` as input.cpp. A source that does not compile is a
  /// broken test: compileErrors() says why.
  explicit ParsedSource(std::string code);
  ~ParsedSource();

  /// Clang's errors for the source itself ("" if it compiled).
  const std::string &compileErrors() const { return compile_errors_; }
  clang::ASTContext &context() { return unit_->getASTContext(); }

  /// The definition of the function `name` in the source (not in headers),
  /// looked up through namespaces; null if there is none.
  const clang::FunctionDecl *function(const std::string &name) const;

  /// The line of the source containing `marker` (0, and a test failure, if
  /// it is not there exactly once).
  unsigned lineOf(const std::string &marker) const;
  /// The line of a location in the source (0 if invalid).
  unsigned line(clang::SourceLocation loc) const;

  /// Runs validate() on `fd` and returns what it reported, and whether it
  /// accepted the function.
  std::vector<Reported> validate(const clang::FunctionDecl *fd,
                                 bool *accepted = nullptr);

private:
  std::string code_;
  std::string compile_errors_;
  std::unique_ptr<clang::TextDiagnosticBuffer> parse_diags_;
  std::unique_ptr<clang::ASTUnit> unit_;
};

} // namespace tangent::test

#endif
