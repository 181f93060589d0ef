//===- Diagnostics.cpp - located errors and remarks -----------------------===//
#include "frontend/Diagnostics.h"
#include <algorithm>

namespace tangent {

void Diagnoser::report(clang::DiagnosticsEngine::Level level,
                       clang::SourceLocation loc, const std::string &message) {
  unsigned id = engine_.getCustomDiagID(level, "%0");
  engine_.Report(loc, id) << message;
}

void Diagnoser::held(clang::DiagnosticsEngine::Level level,
                     clang::SourceLocation loc, const std::string &message) {
  auto same = std::find_if(held_.begin(), held_.end(), [&](const Held &h) {
    return h.level == level && h.loc == loc && h.message == message;
  });
  if (same != held_.end()) {
    if (!request_.empty() &&
        std::find(same->requests.begin(), same->requests.end(), request_) ==
            same->requests.end())
      same->requests.push_back(request_);
    notes_kept_ = false;
    return;
  }
  Held h{level, loc, message, {}, {}};
  if (!request_.empty())
    h.requests.push_back(request_);
  held_.push_back(std::move(h));
  notes_kept_ = true;
}

void Diagnoser::error(clang::SourceLocation loc, const std::string &message) {
  ++errors_;
  if (holding_)
    return held(clang::DiagnosticsEngine::Error, loc, message);
  report(clang::DiagnosticsEngine::Error, loc, message);
}

void Diagnoser::warning(clang::SourceLocation loc, const std::string &message) {
  if (holding_)
    return held(clang::DiagnosticsEngine::Warning, loc, message);
  report(clang::DiagnosticsEngine::Warning, loc, message);
}

void Diagnoser::note(clang::SourceLocation loc, const std::string &message) {
  if (!holding_)
    return report(clang::DiagnosticsEngine::Note, loc, message);
  if (notes_kept_ && !held_.empty())
    held_.back().notes.emplace_back(loc, message);
}

void Diagnoser::remark(clang::SourceLocation loc, const std::string &message) {
  if (!remarks_)
    return;
  report(clang::DiagnosticsEngine::Remark, loc, message);
}

void Diagnoser::flush() {
  holding_ = false;
  std::vector<Held> all;
  all.swap(held_);
  for (const Held &h : all) {
    report(h.level, h.loc, h.message);
    for (const auto &[loc, message] : h.notes)
      report(clang::DiagnosticsEngine::Note, loc, message);
    if (h.requests.size() > 1) {
      std::string names;
      for (const std::string &r : h.requests)
        names += (names.empty() ? "" : ", ") + r;
      report(clang::DiagnosticsEngine::Note, h.loc,
             "tangent: reached by the requests " + names);
    }
  }
}

} // namespace tangent
