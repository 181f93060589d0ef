//===- ParseIO.h - the files and diagnostics of one parse -------*- C++ -*-===//
///
/// \file
/// What tangent-rewrite's parses read and say, kept apart from the parse
/// itself (RewriteRunner.cpp):
///   ContentFS   the real file system with some files' contents substituted
///               (stripped of generated regions, or as planned), recording
///               which files the parse read
///   Collector   the diagnostics of the parse, as text (as Clang prints
///               them) and as records for the JSON report
//===----------------------------------------------------------------------===//
#ifndef TANGENT_TOOLS_REWRITE_PARSEIO_H
#define TANGENT_TOOLS_REWRITE_PARSEIO_H

#include "tools/rewrite/RewritePlan.h"
#include "tools/rewrite/RewriteRunner.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace tangent::rewrite {

/// The contents to use instead of a file's (null: the file as it is).
using Provider =
    std::function<std::shared_ptr<const std::string>(const std::string &)>;

/// A file whose contents come from memory.
class MemFile : public llvm::vfs::File {
public:
  MemFile(llvm::vfs::Status status, std::shared_ptr<const std::string> content)
      : status_(std::move(status)), content_(std::move(content)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return status_; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &name, int64_t, bool, bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(*content_, name);
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status status_;
  std::shared_ptr<const std::string> content_;
};

/// The real file system, with some files' contents substituted.
class ContentFS : public llvm::vfs::ProxyFileSystem {
public:
  ContentFS(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base,
            Provider provider)
      : ProxyFileSystem(std::move(base)), provider_(std::move(provider)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &path) override {
    auto st = ProxyFileSystem::status(path);
    if (!st || !st->isRegularFile())
      return st;
    if (auto content = provider_(resolve(path)))
      return llvm::vfs::Status::copyWithNewSize(*st, content->size());
    return st;
  }

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &path) override {
    auto file = ProxyFileSystem::openFileForRead(path);
    if (!file)
      return file;
    std::string real = resolve(path);
    read_.insert(real);
    auto content = provider_(real);
    if (!content)
      return file;
    auto st = (*file)->status();
    if (!st)
      return st.getError();
    return std::unique_ptr<llvm::vfs::File>(new MemFile(
        llvm::vfs::Status::copyWithNewSize(*st, content->size()), content));
  }

  const std::set<std::string> &filesRead() const { return read_; }

private:
  Provider provider_;
  std::map<std::string, std::string> resolved_;
  std::set<std::string> read_;

  std::string resolve(const llvm::Twine &path) {
    llvm::SmallString<256> p;
    path.toVector(p);
    if (!llvm::sys::path::is_absolute(p))
      makeAbsolute(p);
    llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
    std::string key(p);
    auto it = resolved_.find(key);
    if (it != resolved_.end())
      return it->second;
    llvm::SmallString<256> real;
    std::string result =
        getUnderlyingFS().getRealPath(p, real) ? key : std::string(real);
    resolved_.emplace(key, result);
    return result;
  }
};

/// Keeps the diagnostics of one parse: text as Clang prints it, and records.
class Collector : public clang::DiagnosticConsumer {
public:
  Collector()
      : options_(new clang::DiagnosticOptions()), os_(text_),
        printer_(os_, options_.get()) {
    options_->ShowColors = llvm::sys::Process::StandardErrHasColors();
  }

  void BeginSourceFile(const clang::LangOptions &lo,
                       const clang::Preprocessor *pp) override {
    printer_.BeginSourceFile(lo, pp);
  }
  void EndSourceFile() override { printer_.EndSourceFile(); }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    printer_.HandleDiagnostic(level, info);
    DiagRecord d;
    switch (level) {
    case clang::DiagnosticsEngine::Note:
      d.severity = "note";
      break;
    case clang::DiagnosticsEngine::Remark:
      d.severity = "remark";
      break;
    case clang::DiagnosticsEngine::Warning:
      d.severity = "warning";
      break;
    case clang::DiagnosticsEngine::Error:
      d.severity = "error";
      break;
    case clang::DiagnosticsEngine::Fatal:
      d.severity = "fatal";
      break;
    default:
      d.severity = "ignored";
      break;
    }
    llvm::SmallString<256> message;
    info.FormatDiagnostic(message);
    d.message = std::string(message);
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager &sm = info.getSourceManager();
      clang::SourceLocation loc = sm.getExpansionLoc(info.getLocation());
      clang::PresumedLoc pl = sm.getPresumedLoc(loc);
      if (pl.isValid()) {
        d.file = pl.getFilename();
        d.line = pl.getLine();
        d.column = pl.getColumn();
      }
      if (auto fe = sm.getFileEntryRefForID(sm.getFileID(loc)))
        d.file = canonicalPath(fe->getName().str());
    }
    records_.push_back(std::move(d));
  }

  const std::vector<DiagRecord> &records() const { return records_; }

  /// Moves what was collected so far into `unit`.
  void flushInto(UnitResult &unit) {
    os_.flush();
    unit.output += text_;
    text_.clear();
    unit.diagnostics.insert(unit.diagnostics.end(), records_.begin(),
                            records_.end());
    records_.clear();
  }

private:
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> options_;
  std::string text_;
  llvm::raw_string_ostream os_;
  clang::TextDiagnosticPrinter printer_;
  std::vector<DiagRecord> records_;
};

} // namespace tangent::rewrite

#endif
