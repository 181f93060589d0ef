//===- PluginAction.cpp - the -fplugin front-end --------------------------===//
//
// Single-pass injection (docs/how-it-works.md): at the generation
// point (GenerationPoint.h: the main file's last token, or the #endif closing
// a trailing conditional group) every request made so far is generated and
// the code is entered as a named memory buffer, parsed as if it were
// #included at the very end of the file. The runtime's markers bind late (their
// bodies are instantiated at the end of the translation unit), so the injected
// specializations are seen in time.
//
// Plugin arguments (-fplugin-arg-tangent-<arg>):
//   dump-dir=<dir>   also write the generated code to <dir>/<file>.tangent.cpp;
//                    the injected buffer is then named after that file, so
//                    diagnostics and debuggers (-g) show the generated code
//   dump-ir          print the IR of every requested function and callee to
//                    standard error, after lowering and after each analysis
//   remarks          report each loop's strategy as a remark
//   disable-pass=<name>[,<name>...]
//                    switch off optional passes (ir/Passes.def; `all`: every
//                    one) for every function of the translation unit
//   list-passes      print the pass list, in order, to standard error
//
//===----------------------------------------------------------------------===//
#include "frontend/Driver.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/CheckpointAttr.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/GenerationPoint.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Predefines.h"
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
  bool dump_ir = false;
  bool remarks = false;
  PassSet passes;
  /// Arguments that could not be read: one error each, reported when the
  /// compilation starts (the plugin stays loaded, so that the requests do
  /// not add "needs the plugin" errors of their own).
  std::vector<std::string> errors;
};

/// Runs the pipeline at the generation point (GenerationPoint.h) and enters
/// the generated code there, as a named memory buffer.
class Injector {
public:
  Injector(CompilerInstance &ci, PluginOptions opts)
      : ci_(ci), opts_(std::move(opts)),
        trigger_(ci, [this](SourceLocation at) { inject(at); }) {}

private:
  CompilerInstance &ci_;
  PluginOptions opts_;
  GenerationTrigger trigger_;

  void inject(SourceLocation at) {
    Diagnoser diags(ci_.getDiagnostics(), opts_.remarks);
    DriverInput input = pipelineInput(ci_, diags, at);
    input.passes = opts_.passes;
    if (opts_.dump_ir)
      input.dump_ir = [](const std::string &title, const std::string &ir) {
        llvm::errs() << "// ---- tangent IR: " << title << " ----\n" << ir;
      };
    DriverOutput output = runPipeline(input);
    if (output.code.empty())
      return;
    SourceManager &sm = ci_.getSourceManager();
    llvm::StringRef main_name = llvm::sys::path::filename(
        sm.getFileEntryRefForID(sm.getMainFileID())->getName());
    std::string buffer_name = "<tangent: adjoints for " + main_name.str() + ">";
    if (!opts_.dump_dir.empty()) {
      std::string path = dump(main_name, output.code);
      if (!path.empty())
        buffer_name = path; // debuggers and diagnostics can open it
    }
    auto buffer =
        llvm::MemoryBuffer::getMemBufferCopy(output.code, buffer_name);
    FileID fid = sm.createFileID(std::move(buffer), SrcMgr::C_User);
    ci_.getPreprocessor().EnterSourceFile(fid, nullptr, at);
  }

  /// Writes the generated code to <dump-dir>/<main file>.tangent.cpp and
  /// returns its absolute path ("" after a warning when it cannot).
  std::string dump(llvm::StringRef main_name, const std::string &code) {
    llvm::sys::fs::create_directories(opts_.dump_dir);
    llvm::SmallString<256> path(opts_.dump_dir);
    llvm::sys::path::append(path, main_name + ".tangent.cpp");
    llvm::sys::fs::make_absolute(path);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (!ec) {
      os << code;
      os.close();
      ec = os.error();
    }
    if (ec) {
      unsigned id = ci_.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Warning,
          "tangent: cannot write the generated code to '%0': %1");
      ci_.getDiagnostics().Report(id) << path << ec.message();
      return "";
    }
    return std::string(path);
  }
};

/// Keeps the injector alive for the whole compilation.
class TangentConsumer : public ASTConsumer {
public:
  explicit TangentConsumer(std::unique_ptr<Injector> injector)
      : injector_(std::move(injector)) {}

private:
  std::unique_ptr<Injector> injector_;
};

class TangentAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 llvm::StringRef) override {
    DiagnosticsEngine &d = ci.getDiagnostics();
    for (const std::string &error : opts_.errors)
      d.Report(d.getCustomDiagID(DiagnosticsEngine::Error, "tangent: %0"))
          << error;
    startCheckpointMarks(ci.getPreprocessor());
    defineGeneratorMacros(ci);
    auto injector = std::make_unique<Injector>(ci, opts_);
    return std::make_unique<TangentConsumer>(std::move(injector));
  }

  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &args) override {
    for (const std::string &arg : args) {
      llvm::StringRef a(arg);
      if (a.consume_front("dump-dir=")) {
        opts_.dump_dir = a.str();
      } else if (a == "remarks") {
        opts_.remarks = true;
      } else if (a == "dump-ir") {
        opts_.dump_ir = true;
      } else if (a == "list-passes") {
        llvm::errs() << passListText();
      } else if (a.consume_front("disable-pass=")) {
        std::string error;
        if (!opts_.passes.disable(a.str(), error))
          opts_.errors.push_back("disable-pass: " + error);
      } else {
        opts_.errors.push_back(
            "unknown plugin argument '" + arg +
            "' (expected dump-dir=<dir>, dump-ir, remarks, "
            "disable-pass=<pass>[,<pass>...] or list-passes)");
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
    tangent_plugin("tangent",
                   "generate adjoints for tangent::grad<f> requests");
