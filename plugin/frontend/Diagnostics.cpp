//===- Diagnostics.cpp - located errors and remarks -----------------------===//
#include "frontend/Diagnostics.h"

namespace tangent {

void Diagnoser::error(clang::SourceLocation loc, const std::string &message) {
  unsigned id = engine_.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
  engine_.Report(loc, id) << message;
  ++errors_;
}

void Diagnoser::warning(clang::SourceLocation loc, const std::string &message) {
  unsigned id =
      engine_.getCustomDiagID(clang::DiagnosticsEngine::Warning, "%0");
  engine_.Report(loc, id) << message;
}

void Diagnoser::note(clang::SourceLocation loc, const std::string &message) {
  unsigned id = engine_.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
  engine_.Report(loc, id) << message;
}

void Diagnoser::remark(clang::SourceLocation loc, const std::string &message) {
  if (!remarks_)
    return;
  unsigned id = engine_.getCustomDiagID(clang::DiagnosticsEngine::Remark, "%0");
  engine_.Report(loc, id) << message;
}

} // namespace tangent
