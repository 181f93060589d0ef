//===- ParsedSource.cpp - a source parsed by Clang, for frontend tests ----===//
#include "ParsedSource.h"
#include "frontend/Diagnostics.h"
#include "frontend/Validate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Tooling.h"
#include <cctype>
#include <gtest/gtest.h>
#include <sstream>

namespace tangent::test {

std::string describe(const std::vector<Reported> &diags) {
  static const char *const levels[] = {"error", "warning", "note", "remark"};
  std::string out;
  for (const Reported &d : diags)
    out += std::string(levels[d.level]) + " line " + std::to_string(d.line) +
           ": " + d.text + "\n";
  return out.empty() ? "(no diagnostics)\n" : out;
}

ParsedSource::ParsedSource(std::string code)
    : code_(std::move(code)),
      parse_diags_(std::make_unique<clang::TextDiagnosticBuffer>()) {
  std::vector<std::string> args = {
      "-std=c++20", "-I" TANGENT_RUNTIME_INCLUDE_DIR, "-resource-dir",
      TANGENT_CLANG_RESOURCE_DIR, "-Wno-unused-value"};
  unit_ = clang::tooling::buildASTFromCodeWithArgs(
      code_, args, "input.cpp", "tangent-unit-tests",
      std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(),
      clang::tooling::FileContentMappings(), parse_diags_.get());
  if (!unit_) {
    compile_errors_ = "the source could not be parsed";
    return;
  }
  const clang::SourceManager &sm = unit_->getSourceManager();
  for (auto it = parse_diags_->err_begin(); it != parse_diags_->err_end(); ++it)
    compile_errors_ += "line " +
                       std::to_string(sm.getExpansionLineNumber(it->first)) +
                       ": " + it->second + "\n";
}

ParsedSource::~ParsedSource() = default;

namespace {

const clang::FunctionDecl *findIn(const clang::DeclContext *dc,
                                  const std::string &name,
                                  const clang::SourceManager &sm) {
  for (const clang::Decl *d : dc->decls()) {
    if (!sm.isInMainFile(sm.getExpansionLoc(d->getLocation())))
      continue;
    if (const auto *fd = llvm::dyn_cast<clang::FunctionDecl>(d)) {
      if (fd->getNameAsString() == name && fd->doesThisDeclarationHaveABody())
        return fd;
    } else if (const auto *inner = llvm::dyn_cast<clang::DeclContext>(d)) {
      if (llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl>(d))
        if (const clang::FunctionDecl *found = findIn(inner, name, sm))
          return found;
    }
  }
  return nullptr;
}

} // namespace

const clang::FunctionDecl *
ParsedSource::function(const std::string &name) const {
  if (!unit_)
    return nullptr;
  return findIn(unit_->getASTContext().getTranslationUnitDecl(), name,
                unit_->getSourceManager());
}

unsigned ParsedSource::lineOf(const std::string &marker) const {
  std::istringstream in(code_);
  std::string text;
  unsigned found = 0, count = 0;
  for (unsigned n = 1; std::getline(in, text); ++n) {
    size_t at = text.find(marker);
    // The marker as a whole word: "@if" is not found in "@ifelse".
    if (at == std::string::npos)
      continue;
    size_t end = at + marker.size();
    if (end < text.size() && (std::isalnum((unsigned char)text[end]) ||
                              text[end] == '_' || text[end] == '-'))
      continue;
    found = n;
    ++count;
  }
  if (count != 1) {
    ADD_FAILURE() << "marker " << marker << " is on " << count
                  << " lines of the source";
    return 0;
  }
  return found;
}

unsigned ParsedSource::line(clang::SourceLocation loc) const {
  if (loc.isInvalid())
    return 0;
  return unit_->getSourceManager().getExpansionLineNumber(loc);
}

std::vector<Reported> ParsedSource::validate(const clang::FunctionDecl *fd,
                                             bool *accepted) {
  clang::TextDiagnosticBuffer buffer;
  clang::DiagnosticsEngine engine(
      llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(),
      llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>(), &buffer,
      /*ShouldOwnClient=*/false);
  engine.setSourceManager(&unit_->getSourceManager());
  Diagnoser diags(engine, /*remarks=*/true);
  bool ok = tangent::validate(fd, context(), diags, nullptr);
  if (accepted)
    *accepted = ok;
  std::vector<Reported> out;
  auto collect = [&](auto begin, auto end, Reported::Level level) {
    for (auto it = begin; it != end; ++it)
      out.push_back({level, line(it->first), it->second});
  };
  collect(buffer.err_begin(), buffer.err_end(), Reported::Error);
  collect(buffer.warn_begin(), buffer.warn_end(), Reported::Warning);
  collect(buffer.note_begin(), buffer.note_end(), Reported::Note);
  collect(buffer.remark_begin(), buffer.remark_end(), Reported::Remark);
  return out;
}

} // namespace tangent::test
