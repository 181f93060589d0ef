//===- RewriteRunner.cpp - parsing translation units for tangent-rewrite --===//
//
// One ClangTool per translation unit, over a file system of its own
// (ParseIO.h: ContentFS substitutes contents, Collector keeps diagnostics):
//
//   UnitConsumer  at the end of the parse (Sema still alive, every template
//                 instantiated): findRequests + runPipeline, then decides
//                 where each request's block goes (analysis) or checks that
//                 every request is already bound (verification)
//
//===----------------------------------------------------------------------===//
#include "tools/rewrite/RewriteRunner.h"
#include "frontend/CustomRules.h"
#include "frontend/Driver.h"
#include "tools/rewrite/ParseIO.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/CheckpointAttr.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/GenerationPoint.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Predefines.h"
#include "clang/Sema/Sema.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>

using namespace clang;

namespace tangent::rewrite {

std::string canonicalPath(const std::string &path,
                          const std::string &base_directory) {
  llvm::SmallString<256> p(path);
  if (!llvm::sys::path::is_absolute(p)) {
    if (!base_directory.empty()) {
      llvm::SmallString<256> b(base_directory);
      llvm::sys::path::append(b, p);
      p = b;
    } else {
      llvm::sys::fs::make_absolute(p);
    }
  }
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  llvm::SmallString<256> real;
  if (!llvm::sys::fs::real_path(p, real))
    return std::string(real);
  return std::string(p);
}

namespace {

enum class Mode { Analyze, Verify };

/// What the parses of one ClangTool run share.
struct Session {
  Mode mode = Mode::Analyze;
  FileStore *store = nullptr;
  Collector collector;
  std::vector<UnitResult> units;
  std::string stats; ///< "N errors generated.", printed after the action
  PassSet passes;    ///< optional passes off (RunnerConfig::passes)

  void startUnit() {
    if (!units.empty())
      flush();
    units.emplace_back();
  }
  void finish() {
    if (units.empty()) {
      units.emplace_back();
      units.back().failure = "the compiler could not be run on this file";
    }
    flush();
  }

private:
  void flush() {
    collector.flushInto(units.back());
    units.back().output += stats;
    stats.clear();
  }
};

std::string fileOf(const SourceManager &sm, SourceLocation loc) {
  loc = sm.getExpansionLoc(loc);
  if (auto fe = sm.getFileEntryRefForID(sm.getFileID(loc))) {
    llvm::SmallString<256> p(fe->getName());
    sm.getFileManager().makeAbsolutePath(p);
    return canonicalPath(std::string(p));
  }
  return "";
}

/// The declarations the generated code of `fd` relies on: the definitions
/// of f and of every user function it calls, transitively, and the custom
/// derivatives (tangent::custom::<name>_pullback) of the functions called.
class Dependencies : public RecursiveASTVisitor<Dependencies> {
public:
  explicit Dependencies(ASTContext &ctx) : ctx_(ctx) {}
  std::vector<const Decl *> of(const FunctionDecl *fd) {
    add(fd);
    return decls_;
  }
  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee || callee->isInStdNamespace())
      return true;
    for (const NamedDecl *d : findCustomRule(ctx_, callee).decls)
      if (seen_.insert(d).second)
        decls_.push_back(d);
    add(callee);
    return true;
  }

private:
  ASTContext &ctx_;
  std::vector<const Decl *> decls_;
  std::set<const Decl *> seen_;

  void add(const FunctionDecl *fd) {
    const FunctionDecl *def = nullptr;
    if (!fd->hasBody(def) || !def || !seen_.insert(def).second)
      return;
    decls_.push_back(def);
    TraverseStmt(def->getBody());
  }
};

/// Runs the pipeline where the plugin does: when the main file's last token
/// is lexed (so that the runtime's late-bound markers find the generated
/// specializations, and the pipeline sees the translation unit as the
/// plugin will: the same template instantiations, hence the same source
/// hashes). Analysis enters the generated code there, as the plugin does;
/// verification checks that every request is already bound.
class UnitConsumer : public ASTConsumer {
public:
  UnitConsumer(CompilerInstance &ci, Session &session)
      : ci_(ci), s_(session), trigger_(ci, [this](SourceLocation at) {
          run(at, /*inject=*/s_.mode == Mode::Analyze);
        }) {}

  void HandleTranslationUnit(ASTContext &ctx) override {
    UnitResult &unit = s_.units.back();
    SourceManager &sm = ctx.getSourceManager();
    unit.file = fileOf(sm, sm.getLocForStartOfFile(sm.getMainFileID()));
    if (!ran_ && !trigger_.reached() &&
        !ci_.getDiagnostics().hasErrorOccurred())
      run(sm.getLocForEndOfFile(sm.getMainFileID()), /*inject=*/false);
    if (ci_.getDiagnostics().hasErrorOccurred()) {
      unit.ok = false;
      if (unit.failure.empty())
        unit.failure =
            s_.mode == Mode::Verify ? "the rewritten sources do not compile"
            : pipeline_failed_      ? "tangent could not generate every adjoint"
                                    : "the file does not compile";
      return;
    }
    unit.ok = !pipeline_failed_ && unit.failure.empty();
  }

private:
  CompilerInstance &ci_;
  Session &s_;
  bool ran_ = false;
  bool pipeline_failed_ = false;
  GenerationTrigger trigger_;

  void run(SourceLocation at, bool inject) {
    ran_ = true;
    ASTContext &ctx = ci_.getASTContext();
    SourceManager &sm = ctx.getSourceManager();
    UnitResult &unit = s_.units.back();
    unit.file = fileOf(sm, sm.getLocForStartOfFile(sm.getMainFileID()));
    Diagnoser diags(ci_.getDiagnostics(), /*remarks=*/false);
    DriverInput input = pipelineInput(ci_, diags, at);
    input.passes = s_.passes;
    std::vector<Request> requests = input.requests;
    DriverOutput output = runPipeline(input);
    pipeline_failed_ = !output.ok;
    for (std::size_t i = 0; i < output.results.size(); ++i) {
      const RequestResult &r = output.results[i];
      RequestRecord rec = record(r, ctx);
      SourceLocation where =
          i < requests.size() && requests[i].function == r.function
              ? requests[i].where
              : SourceLocation();
      attachDiagnostics(rec, r.function, where, sm);
      if (s_.mode == Mode::Analyze) {
        if (rec.ok && !rec.block.empty() && !place(rec, r.function, ctx, unit))
          pipeline_failed_ = true;
      } else if (rec.ok && !rec.already_bound) {
        unsigned id = ci_.getDiagnostics().getCustomDiagID(
            DiagnosticsEngine::Error,
            "tangent-rewrite: the rewritten sources do not bind the adjoint "
            "of '%0'");
        ci_.getDiagnostics().Report(where, id) << rec.function;
        pipeline_failed_ = true;
      }
      unit.requests.push_back(std::move(rec));
    }
    if (!inject || output.code.empty())
      return;
    llvm::StringRef name = llvm::sys::path::filename(unit.file);
    auto buffer = llvm::MemoryBuffer::getMemBufferCopy(
        output.code, "<tangent: adjoints for " + name.str() + ">");
    FileID fid = sm.createFileID(std::move(buffer), SrcMgr::C_User);
    ci_.getPreprocessor().EnterSourceFile(fid, nullptr, at);
  }

  RequestRecord record(const RequestResult &r, ASTContext &ctx) {
    RequestRecord rec;
    rec.function = r.function_name;
    rec.kind = requestKindLabel(r.kind);
    rec.options = r.options;
    rec.block = r.block;
    rec.key = blockKey(r.block);
    rec.source_hash = r.source_hash;
    rec.ok = r.ok;
    rec.already_bound = r.already_bound;
    const FunctionDecl *def = nullptr;
    if (r.function && r.function->hasBody(def) && def)
      rec.home_file = fileOf(ctx.getSourceManager(), def->getLocation());
    for (const LoopDecision &l : r.loops)
      rec.loops.push_back({l.file, l.line, l.kind, l.strategy, l.reason});
    return rec;
  }

  /// The diagnostics inside f's definition or at the request.
  void attachDiagnostics(RequestRecord &rec, const FunctionDecl *fd,
                         SourceLocation where, const SourceManager &sm) {
    std::string def_file, where_file;
    unsigned first = 0, last = 0, where_line = 0;
    const FunctionDecl *def = nullptr;
    if (fd && fd->hasBody(def) && def) {
      def_file = fileOf(sm, def->getBeginLoc());
      first = sm.getExpansionLineNumber(def->getBeginLoc());
      last = sm.getExpansionLineNumber(def->getEndLoc());
    }
    if (where.isValid()) {
      where_file = fileOf(sm, where);
      where_line = sm.getExpansionLineNumber(where);
    }
    for (const DiagRecord &d : s_.collector.records()) {
      bool inside = !def_file.empty() && d.file == def_file &&
                    d.line >= first && d.line <= last;
      bool at_request =
          !where_file.empty() && d.file == where_file && d.line == where_line;
      if (inside || at_request)
        rec.diagnostics.push_back(d);
    }
  }

  /// Chooses the file for a request's block: the header that defines f
  /// (inside its include guard) when that header is in scope (under the
  /// roots, or named on the command line), is
  /// protected against multiple inclusion and everything the generated code
  /// needs is declared before the insertion point; else the main file.
  bool place(RequestRecord &rec, const FunctionDecl *fd, ASTContext &ctx,
             UnitResult &unit) {
    SourceManager &sm = ctx.getSourceManager();
    FileStore &store = *s_.store;
    if (!store.inScope(unit.file)) {
      unit.failure = "the main file is outside the --root directories and "
                     "not named on the command line";
      return false;
    }
    rec.target = unit.file;
    const FunctionDecl *def = nullptr;
    if (!fd->hasBody(def) || !def || rec.home_file.empty() ||
        rec.home_file == unit.file) {
      rec.placement = "the main file (which defines the function)";
      return true;
    }
    if (!store.inScope(rec.home_file)) {
      rec.placement = "the main file: the function is defined outside the "
                      "--root directories, in " +
                      rec.home_file;
      return true;
    }
    SourceLocation def_loc = sm.getExpansionLoc(def->getLocation());
    OptionalFileEntryRef fe = sm.getFileEntryRefForID(sm.getFileID(def_loc));
    if (!fe) {
      rec.placement = "the main file: the function's file is unknown";
      return true;
    }
    HeaderSearch &hs = ci_.getPreprocessor().getHeaderSearchInfo();
    HeaderFileInfo *info =
        const_cast<HeaderFileInfo *>(hs.getExistingFileInfo(*fe));
    bool macro_guard = info && info->getControllingMacro(nullptr) != nullptr;
    bool once = info && info->isPragmaOnce;
    std::shared_ptr<const FileState> state = store.get(rec.home_file);
    if (!state->read_ok || !state->stripped.error.empty()) {
      rec.placement = "the main file: the header cannot be read";
      return true;
    }
    const std::string &text = state->stripped.text;
    GuardShape shape = guardShape(text);
    if (macro_guard && !shape.guarded) {
      rec.placement = "the main file: the header's include guard is not "
                      "recognized";
      return true;
    }
    if (!macro_guard && !once) {
      rec.placement = "the main file: the header has no include guard";
      return true;
    }
    std::size_t offset = anchorOffset(text, /*inside_guard=*/true);
    SourceLocation anchor =
        sm.getLocForStartOfFile(sm.translateFile(*fe)).getLocWithOffset(offset);
    for (const Decl *d : Dependencies(ctx).of(fd)) {
      SourceLocation end = sm.getExpansionLoc(d->getEndLoc());
      if (!sm.isBeforeInTranslationUnit(end, anchor)) {
        std::string name = "a declaration";
        if (const auto *nd = dyn_cast<NamedDecl>(d))
          name = "'" + nd->getQualifiedNameAsString() + "'";
        rec.placement = "the main file: the generated code needs " + name +
                        ", which is declared after the end of " + rec.home_file;
        return true;
      }
    }
    rec.target = rec.home_file;
    rec.placement = "the header that defines the function";
    return true;
  }
};

class UnitAction : public ASTFrontendAction {
public:
  explicit UnitAction(Session &session) : s_(session) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 llvm::StringRef) override {
    ci.setVerboseOutputStream(
        std::make_unique<llvm::raw_string_ostream>(s_.stats));
    startCheckpointMarks(ci.getPreprocessor());
    defineGeneratorMacros(ci);
    return std::make_unique<UnitConsumer>(ci, s_);
  }

private:
  Session &s_;
};

class Factory : public tooling::FrontendActionFactory {
public:
  explicit Factory(Session &session) : s_(session) {}
  std::unique_ptr<FrontendAction> create() override {
    s_.startUnit();
    return std::make_unique<UnitAction>(s_);
  }

private:
  Session &s_;
};

/// Adds the defaults (C++20, the runtime headers, Clang's resource
/// directory) before the command's own flags, so that these win, and drops
/// the plugin (the tool does the plugin's work itself).
tooling::ArgumentsAdjuster adjuster(const RunnerConfig &config) {
  return [config](const tooling::CommandLineArguments &args, llvm::StringRef) {
    tooling::CommandLineArguments out;
    if (args.empty())
      return out;
    out.push_back(args[0]);
    out.push_back("-std=c++20");
    if (!config.runtime_include.empty())
      out.push_back("-I" + config.runtime_include);
    bool has_resource_dir = false;
    for (const std::string &a : args)
      has_resource_dir =
          has_resource_dir || llvm::StringRef(a).starts_with("-resource-dir");
    if (!has_resource_dir && !config.resource_dir.empty())
      out.push_back("-resource-dir=" + config.resource_dir);
    for (std::size_t i = 1; i < args.size(); ++i) {
      llvm::StringRef a(args[i]);
      if (a.starts_with("-fplugin=") && a.contains("TangentPlugin"))
        continue;
      if (a.starts_with("-fplugin-arg-tangent-"))
        continue;
      out.push_back(args[i]);
    }
    return out;
  };
}

std::vector<UnitResult> runTool(const tooling::CompilationDatabase &db,
                                const std::string &file, Session &session,
                                Provider provider, const RunnerConfig &config,
                                FileStore *store) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> physical(
      llvm::vfs::createPhysicalFileSystem().release());
  auto fs = llvm::makeIntrusiveRefCnt<ContentFS>(physical, std::move(provider));
  tooling::ClangTool tool(db, {file},
                          std::make_shared<PCHContainerOperations>(), fs);
  tool.setPrintErrorMessage(false);
  tool.appendArgumentsAdjuster(adjuster(config));
  tool.setDiagnosticConsumer(&session.collector);
  session.passes = config.passes;
  Factory factory(session);
  tool.run(&factory);
  session.finish();
  for (UnitResult &u : session.units) {
    if (u.file.empty())
      u.file = canonicalPath(file);
    u.inputs = fs->filesRead();
    for (const std::string &f : u.inputs)
      if (!store || store->inScope(f))
        u.files.insert(f);
    if (!u.failure.empty())
      u.ok = false;
    // A unit the compiler stopped on before tangent saw it (a file it could
    // not read) still says why.
    if (!u.ok && u.failure.empty())
      u.failure = "the compiler could not read or parse this file (see its "
                  "messages above)";
  }
  return std::move(session.units);
}

} // namespace

std::vector<UnitResult> analyzeUnit(const tooling::CompilationDatabase &db,
                                    const std::string &file, FileStore &store,
                                    const RunnerConfig &config) {
  Session session;
  session.mode = Mode::Analyze;
  session.store = &store;
  Provider stripped =
      [&store](const std::string &path) -> std::shared_ptr<const std::string> {
    if (!store.inScope(path))
      return nullptr;
    std::shared_ptr<const FileState> state = store.get(path);
    if (!state->read_ok || state->stripped.regions == 0 ||
        !state->stripped.error.empty())
      return nullptr;
    return std::shared_ptr<const std::string>(state, &state->stripped.text);
  };
  std::vector<UnitResult> units =
      runTool(db, file, session, stripped, config, &store);
  for (UnitResult &u : units)
    for (const std::string &f : u.files) {
      std::shared_ptr<const FileState> state = store.get(f);
      if (!state->stripped.error.empty()) {
        u.ok = false;
        u.failure = f + ":" + state->stripped.error;
      }
    }
  return units;
}

std::vector<UnitResult>
verifyUnit(const tooling::CompilationDatabase &db, const std::string &file,
           const std::map<std::string, std::string> &planned,
           const RunnerConfig &config) {
  Session session;
  session.mode = Mode::Verify;
  Provider provider =
      [&planned](
          const std::string &path) -> std::shared_ptr<const std::string> {
    auto it = planned.find(path);
    if (it == planned.end())
      return nullptr;
    return std::shared_ptr<const std::string>(std::shared_ptr<void>(),
                                              &it->second);
  };
  return runTool(db, file, session, provider, config, nullptr);
}

} // namespace tangent::rewrite
