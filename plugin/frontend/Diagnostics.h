//===- Diagnostics.h - located errors and remarks ---------------*- C++ -*-===//
///
/// \file
/// Passes report problems through this interface; the front-ends route them
/// to Clang's DiagnosticsEngine so they appear at the offending location.
///
/// One error per problem: while the requests of a translation unit are
/// served (hold() ... flush()), errors are collected; a problem that several
/// requests (or several instantiations) reach is reported once, at its
/// location, followed by its notes and, when more than one request reaches
/// it, a note naming them.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_DIAGNOSTICS_H
#define TANGENT_DIAGNOSTICS_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include <string>
#include <vector>

namespace tangent {

/// Emits "tangent: ..." errors, warnings and remarks at source locations.
class Diagnoser {
public:
  explicit Diagnoser(clang::DiagnosticsEngine &engine, bool remarks = false)
      : engine_(engine), remarks_(remarks) {}
  ~Diagnoser() { flush(); }

  void error(clang::SourceLocation loc, const std::string &message);
  void warning(clang::SourceLocation loc, const std::string &message);
  /// A note of the last error or warning (dropped with a repeated one).
  void note(clang::SourceLocation loc, const std::string &message);
  void remark(clang::SourceLocation loc, const std::string &message);
  /// Every error reported, repeated ones included: a request whose check
  /// reaches a known problem fails too.
  unsigned errorCount() const { return errors_; }

  /// Collects errors, warnings and their notes until flush().
  void hold() { holding_ = true; }
  /// The request being served (`grad<f>`), named by the note of a problem
  /// that several requests reach; empty outside requests.
  void setRequest(std::string name) { request_ = std::move(name); }
  /// Reports what was collected, each problem once, in the order found.
  void flush();

private:
  struct Held {
    clang::DiagnosticsEngine::Level level;
    clang::SourceLocation loc;
    std::string message;
    std::vector<std::pair<clang::SourceLocation, std::string>> notes;
    std::vector<std::string> requests;
  };
  void report(clang::DiagnosticsEngine::Level level, clang::SourceLocation loc,
              const std::string &message);
  void held(clang::DiagnosticsEngine::Level level, clang::SourceLocation loc,
            const std::string &message);

  clang::DiagnosticsEngine &engine_;
  bool remarks_;
  unsigned errors_ = 0;
  bool holding_ = false;
  std::string request_;
  std::vector<Held> held_;
  /// Whether notes go to the last held entry (false after a repeat).
  bool notes_kept_ = true;
};

} // namespace tangent

#endif
