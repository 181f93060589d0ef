//===- PluginAction.cpp - the -fplugin front-end --------------------------===//
//
// Single-pass injection (DESIGN.md, "Plugin mechanics"): the main file is
// raw-lexed once to find its last token; when the preprocessor hands that
// token to the parser, every request made so far is generated and the code
// is entered as a named memory buffer, parsed as if it were #included at
// the very end of the file. The runtime's markers bind late (their bodies
// are instantiated at the end of the translation unit), so the injected
// specializations are seen in time.
//
// Plugin arguments (-fplugin-arg-tangent-<arg>):
//   dump-dir=<dir>   also write the generated code to <dir>/<file>.tangent.cpp
//   remarks          report each loop's strategy as a remark
//
//===----------------------------------------------------------------------===//
#include "CheckpointAttr.h"
#include "Driver.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace tangent {

namespace {

struct PluginOptions {
  std::string dump_dir;
  bool remarks = false;
};

/// Where to inject: after the main file's last token outside every
/// conditional group, or, when the file ends with a conditional group, at the
/// `#endif` that closes it (whatever the group held has been lexed by then).
struct InjectionPoint {
  long token_offset = -1; ///< a token: inject when the parser receives it
  long endif_offset = -1;  ///< an `endif`: inject when it is processed
};

InjectionPoint findInjectionPoint(const SourceManager &sm,
                                  const LangOptions &lo, FileID fid) {
  llvm::StringRef buf = sm.getBufferData(fid);
  Lexer lex(sm.getLocForStartOfFile(fid), lo, buf.begin(), buf.begin(),
            buf.end());
  lex.SetCommentRetentionState(false);
  InjectionPoint point;
  long last_token = -1, last_endif = -1;
  int depth = 0;
  bool in_directive = false, directive_name = false;
  Token tok;
  for (bool more = true; more;) {
    more = !lex.LexFromRawLexer(tok);
    if (tok.is(tok::eof))
      break;
    if (tok.isAtStartOfLine()) {
      in_directive = tok.is(tok::hash);
      directive_name = in_directive;
      if (in_directive)
        continue;
    }
    if (in_directive) {
      if (directive_name && tok.is(tok::raw_identifier)) {
        llvm::StringRef name = tok.getRawIdentifier();
        if (name == "if" || name == "ifdef" || name == "ifndef")
          ++depth;
        else if (name == "endif" && --depth == 0)
          last_endif = sm.getFileOffset(tok.getLocation());
      }
      directive_name = false;
      continue;
    }
    if (depth == 0)
      last_token = sm.getFileOffset(tok.getLocation());
  }
  if (last_endif > last_token)
    point.endif_offset = last_endif;
  else
    point.token_offset = last_token;
  return point;
}

class EndifWatcher;

/// Runs the pipeline when the main file's last token is lexed.
class Injector {
public:
  Injector(CompilerInstance &ci, PluginOptions opts)
      : ci_(ci), opts_(std::move(opts)) {}

  void arm();

  /// Called when the `#endif` closing the file's last conditional group is
  /// processed: entering a file there works like an #include.
  void onEndif(SourceLocation at, long offset) {
    SourceManager &sm = ci_.getSourceManager();
    SourceLocation file_loc = sm.getFileLoc(at);
    if (done_ || sm.getFileID(file_loc) != main_ ||
        long(sm.getFileOffset(file_loc)) != offset)
      return;
    done_ = true;
    if (ci_.getDiagnostics().hasErrorOccurred())
      return;
    inject(file_loc);
  }

private:
  CompilerInstance &ci_;
  PluginOptions opts_;
  FileID main_;
  long last_ = -1;
  bool done_ = false;

  void onToken(const Token &tok) {
    if (done_ || !tok.getLocation().isFileID())
      return;
    SourceManager &sm = ci_.getSourceManager();
    if (sm.getFileID(tok.getLocation()) != main_ ||
        long(sm.getFileOffset(tok.getLocation())) != last_)
      return;
    // Tentative parsing caches tokens and replays them: wait for the replay.
    if (ci_.getPreprocessor().isBacktrackEnabled())
      return;
    done_ = true;
    // After an error the compile fails anyway, and error recovery may be
    // skipping tokens: do not generate.
    if (ci_.getDiagnostics().hasErrorOccurred())
      return;
    ci_.getPreprocessor().setTokenWatcher(nullptr);
    inject(tok.getLocation());
  }

  void inject(SourceLocation at) {
    ASTContext &ctx = ci_.getASTContext();
    Diagnoser diags(ci_.getDiagnostics(), opts_.remarks);
    DriverInput input;
    input.ctx = &ctx;
    input.diags = &diags;
    input.requests = findRequests(ctx, diags);
    input.checkpoint_marks = checkpointMarks();
    if (ci_.hasSema()) {
      Sema &sema = ci_.getSema();
      input.instantiate = [&sema, at](const FunctionDecl *fd) {
        sema.InstantiateFunctionDefinition(at, const_cast<FunctionDecl *>(fd),
                                           /*Recursive=*/true,
                                           /*DefinitionRequired=*/false,
                                           /*AtEndOfTU=*/false);
      };
    }
    DriverOutput output = runPipeline(input);
    if (output.code.empty())
      return;
    SourceManager &sm = ci_.getSourceManager();
    llvm::StringRef main_name =
        llvm::sys::path::filename(sm.getFileEntryRefForID(main_)->getName());
    if (!opts_.dump_dir.empty())
      dump(main_name, output.code);
    std::string buffer_name = "<tangent: adjoints for " + main_name.str() + ">";
    auto buffer = llvm::MemoryBuffer::getMemBufferCopy(output.code, buffer_name);
    FileID fid = sm.createFileID(std::move(buffer), SrcMgr::C_User);
    ci_.getPreprocessor().EnterSourceFile(fid, nullptr, at);
  }

  void dump(llvm::StringRef main_name, const std::string &code) {
    llvm::sys::fs::create_directories(opts_.dump_dir);
    llvm::SmallString<256> path(opts_.dump_dir);
    llvm::sys::path::append(path, main_name + ".tangent.cpp");
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (ec) {
      unsigned id = ci_.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Warning,
          "tangent: cannot write the generated code to '%0': %1");
      ci_.getDiagnostics().Report(id) << path << ec.message();
      return;
    }
    os << code;
  }
};

/// Forwards `#endif` directives to the injector.
class EndifWatcher : public PPCallbacks {
public:
  EndifWatcher(Injector &injector, long offset)
      : injector_(injector), offset_(offset) {}
  void Endif(SourceLocation loc, SourceLocation) override {
    injector_.onEndif(loc, offset_);
  }

private:
  Injector &injector_;
  long offset_;
};

void Injector::arm() {
  SourceManager &sm = ci_.getSourceManager();
  main_ = sm.getMainFileID();
  InjectionPoint point = findInjectionPoint(sm, ci_.getLangOpts(), main_);
  if (point.endif_offset >= 0) {
    ci_.getPreprocessor().addPPCallbacks(
        std::make_unique<EndifWatcher>(*this, point.endif_offset));
    return;
  }
  last_ = point.token_offset;
  if (last_ < 0)
    return;
  ci_.getPreprocessor().setTokenWatcher(
      [this](const Token &tok) { onToken(tok); });
}

/// Keeps the injector alive for the whole compilation.
class TangentConsumer : public ASTConsumer {
public:
  explicit TangentConsumer(std::unique_ptr<Injector> injector)
      : injector_(std::move(injector)) {}

private:
  std::unique_ptr<Injector> injector_;
};

/// The compilation that runs the plugin's own nested parses must not
/// recurse into the plugin (none today, but keep the guard with the action).
thread_local bool in_nested_compilation = false;

class TangentAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 llvm::StringRef) override {
    if (in_nested_compilation)
      return std::make_unique<ASTConsumer>();
    checkpointMarks().clear();
    auto injector = std::make_unique<Injector>(ci, opts_);
    injector->arm();
    return std::make_unique<TangentConsumer>(std::move(injector));
  }

  bool ParseArgs(const CompilerInstance &ci,
                 const std::vector<std::string> &args) override {
    for (const std::string &arg : args) {
      llvm::StringRef a(arg);
      if (a.consume_front("dump-dir=")) {
        opts_.dump_dir = a.str();
      } else if (a == "remarks") {
        opts_.remarks = true;
      } else {
        DiagnosticsEngine &d = ci.getDiagnostics();
        unsigned id = d.getCustomDiagID(
            DiagnosticsEngine::Error,
            "tangent: unknown plugin argument '%0' (expected dump-dir=<dir> "
            "or remarks)");
        d.Report(id) << arg;
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  PluginOptions opts_;
};

} // namespace

} // namespace tangent

static FrontendPluginRegistry::Add<tangent::TangentAction>
    tangent_plugin("tangent", "generate adjoints for tangent::grad<f> requests");
